#!/usr/bin/env python3
"""Writes schema/scene.schema.json (or the path given), the JSON Schema (draft 2020-12) of glayers
scene files.

The tables here mirror the scene decoder (Sources/GLayersScene); the test
SchemaTests.schemaCoversEveryDeclaredKey checks that every property the engine declares for
each layer class is in the schema, and every sample is validated against the schema."""
import json, os

HERE = os.path.dirname(os.path.abspath(__file__))

def ref(name):
    return {"$ref": "#/$defs/" + name}

def enum(values, description=None):
    s = {"enum": values}
    if description:
        s["description"] = description
    return s

def doc(schema, description):
    return dict(schema, description=description)

# Layer properties: name -> (schema, description)
CALAYER = {
    "name": ({"type": "string"}, "The layer's name: behaviours refer to it, constraints use it (relativeTo)."),
    "bounds": (ref("rect"), "The layer's bounds [x, y, width, height]."),
    "position": (ref("point"), "The position of the anchor point in the superlayer [x, y]."),
    "frame": (ref("rect"), "The frame in the superlayer [x, y, width, height]; set after bounds and position, as Apple's frame setter."),
    "anchorPoint": (ref("point"), "The anchor point in unit coordinates of the bounds (default [0.5, 0.5])."),
    "anchorPointZ": (ref("number"), "The anchor point's z."),
    "zPosition": (ref("number"), "The position on the z axis; siblings draw in zPosition order."),
    "transform": (ref("transform"), "The layer's transform, about its anchor point."),
    "sublayerTransform": (ref("transform"), "The transform applied to the sublayers (perspective: [{ \"perspective\": 500 }])."),
    "opacity": (ref("number"), "The opacity, 0…1."),
    "hidden": (ref("bool"), "Whether the layer is hidden."),
    "isHidden": (ref("bool"), "Swift's spelling of hidden."),
    "masksToBounds": (ref("bool"), "Whether sublayers and contents are clipped to the bounds (and cornerRadius)."),
    "doubleSided": (ref("bool"), "Whether the back of the layer is drawn."),
    "isDoubleSided": (ref("bool"), "Swift's spelling of doubleSided."),
    "opaque": (ref("bool"), "Whether the contents are opaque."),
    "isOpaque": (ref("bool"), "Swift's spelling of opaque."),
    "geometryFlipped": (ref("bool"), "Whether the sublayers' y axis points up."),
    "isGeometryFlipped": (ref("bool"), "Swift's spelling of geometryFlipped."),
    "allowsGroupOpacity": (ref("bool"), "Whether opacity applies to the layer and its sublayers as a group."),
    "allowsEdgeAntialiasing": (ref("bool"), "Whether edges are anti-aliased."),
    "edgeAntialiasingMask": (ref("edgeMask"), "Which edges are anti-aliased."),
    "shouldRasterize": (ref("bool"), "Whether the layer's subtree is rendered once into a cached texture."),
    "rasterizationScale": (ref("number"), "The scale of the rasterized texture."),
    "backgroundColor": (ref("nullableColor"), "The background colour (null: none)."),
    "cornerRadius": (ref("number"), "The radius of the rounded corners."),
    "maskedCorners": (ref("cornerMask"), "Which corners cornerRadius rounds."),
    "cornerCurve": (enum(["circular", "continuous"]), "The shape of the corners."),
    "borderWidth": (ref("number"), "The border's width."),
    "borderColor": (ref("nullableColor"), "The border's colour."),
    "shadowColor": (ref("nullableColor"), "The shadow's colour."),
    "shadowOpacity": (ref("number"), "The shadow's opacity, 0…1."),
    "shadowOffset": (ref("size"), "The shadow's offset [width, height]."),
    "shadowRadius": (ref("number"), "The shadow's blur radius."),
    "shadowPath": (ref("nullablePath"), "The shadow's shape (null: the layer's alpha)."),
    "filters": ({"type": "array", "items": ref("filter")}, "Filters applied to the layer and its sublayers."),
    "backgroundFilters": ({"type": "array", "items": ref("filter")}, "Filters applied to what lies behind the layer."),
    "compositingFilter": (ref("blendMode"), "How the layer is composited with what lies behind it."),
    "contents": ({"type": ["string", "null"]}, "An image file (PNG or JPEG) relative to the scene file."),
    "contentsRect": (ref("rect"), "The part of the contents shown, in unit coordinates."),
    "contentsCenter": (ref("rect"), "The stretchable middle of the contents (nine-slice), in unit coordinates."),
    "contentsScale": (ref("number"), "Pixels per point of the contents."),
    "contentsGravity": (enum(["center", "top", "bottom", "left", "right", "topLeft", "topRight", "bottomLeft",
                              "bottomRight", "resize", "resizeAspect", "resizeAspectFill"]), "How the contents fit the bounds."),
    "contentsFormat": (enum(["RGBA8", "RGBAh", "Gray8"]), "The pixel format of the backing store."),
    "minificationFilter": (enum(["linear", "nearest", "trilinear"]), "The filter used to shrink contents."),
    "magnificationFilter": (enum(["linear", "nearest", "trilinear"]), "The filter used to enlarge contents."),
    "minificationFilterBias": (ref("number"), "The level-of-detail bias of the minification filter."),
    "mask": (ref("layer"), "A layer whose alpha masks this one."),
    "sublayers": ({"type": "array", "items": ref("layer")}, "The sublayers, back to front."),
    "actions": ({"type": "object", "additionalProperties": {"oneOf": [{"type": "null"}, ref("animation")]}},
                "Actions by key (a property name, onOrderIn, onOrderOut, transition): an animation, or null to disable."),
    "needsDisplayOnBoundsChange": (ref("bool"), "Whether a change of bounds redraws the contents."),
    "drawsAsynchronously": (ref("bool"), "Whether drawing may happen on another thread."),
    "autoresizingMask": (ref("autoresizingMask"), "How the layer resizes with its superlayer."),
    "constraints": ({"type": "array", "items": ref("constraint")}, "Constraints for the superlayer's constraint layout manager."),
    "layoutManager": ({"enum": ["constraints", None]},
                      "\"constraints\" for a CAConstraintLayoutManager (implied when a sublayer has constraints)."),
    "beginTime": (ref("number"), "The layer's begin time in its parent's time."),
    "duration": (ref("durationOrInfinity"), "The layer's duration (infinite by default)."),
    "speed": (ref("number"), "How fast the layer's time runs (0 pauses)."),
    "timeOffset": (ref("number"), "An offset added to the layer's time."),
    "repeatCount": (ref("repeatCount"), "How many times the layer's time repeats."),
    "repeatDuration": (ref("durationOrInfinity"), "How long the layer's time repeats."),
    "autoreverses": (ref("bool"), "Whether the layer's time plays backward after forward."),
    "fillMode": (enum(["removed", "forwards", "backwards", "both"]), "The layer's fill mode."),
    "animations": ({"type": "object", "additionalProperties": ref("animation")},
                   "Explicit animations added at load, by key."),
}

SUBCLASSES = {
    "CATextLayer": {
        "string": ({"type": "string"}, "The text."),
        "font": ({"type": "string"}, "The font family (resolved by fontconfig)."),
        "fontSize": (ref("number"), "The font size in points (default 36)."),
        "foregroundColor": (ref("nullableColor"), "The text colour (default white)."),
        "alignmentMode": (enum(["natural", "left", "right", "center", "justified"]), "How lines are aligned."),
        "isWrapped": (ref("bool"), "Whether lines wrap at the layer's width."),
        "wrapped": (ref("bool"), "Apple's KVC name of isWrapped."),
        "truncationMode": (enum(["none", "start", "end", "middle"]), "Where text that does not fit is shortened."),
    },
    "CAShapeLayer": {
        "path": (ref("nullablePath"), "The shape."),
        "fillColor": (ref("nullableColor"), "The fill colour (null: no fill)."),
        "fillRule": (enum(["non-zero", "even-odd"]), "The fill rule."),
        "strokeColor": (ref("nullableColor"), "The stroke colour (null: no stroke)."),
        "strokeStart": (ref("number"), "Where the stroke starts, 0…1."),
        "strokeEnd": (ref("number"), "Where the stroke ends, 0…1."),
        "lineWidth": (ref("number"), "The stroke's width."),
        "miterLimit": (ref("number"), "The miter limit."),
        "lineCap": (enum(["butt", "round", "square"]), "The line cap."),
        "lineJoin": (enum(["miter", "round", "bevel"]), "The line join."),
        "lineDashPhase": (ref("number"), "The dash phase."),
        "lineDashPattern": (ref("numbers"), "Dash and gap lengths."),
    },
    "CAGradientLayer": {
        "colors": ({"type": "array", "items": ref("color")}, "The gradient's colours."),
        "locations": (ref("numbers"), "Where each colour stops, 0…1."),
        "startPoint": (ref("point"), "The start, in unit coordinates."),
        "endPoint": (ref("point"), "The end, in unit coordinates."),
        "type": (enum(["axial", "radial", "conic"]), "The gradient's style."),
    },
    "CAReplicatorLayer": {
        "instanceCount": ({"type": "integer", "minimum": 0, "maximum": 10000}, "How many copies of the sublayers are drawn."),
        "instanceDelay": (ref("number"), "The delay of each copy's animations, in seconds."),
        "instanceTransform": (ref("transform"), "The transform of each copy relative to the previous one."),
        "instanceColor": (ref("nullableColor"), "The colour the first copy is multiplied by."),
        "instanceRedOffset": (ref("number"), "Added to each copy's red."),
        "instanceGreenOffset": (ref("number"), "Added to each copy's green."),
        "instanceBlueOffset": (ref("number"), "Added to each copy's blue."),
        "instanceAlphaOffset": (ref("number"), "Added to each copy's alpha."),
        "preservesDepth": (
            ref("bool"),
            "Whether the copies keep their depth in one 3D space (the replicator then draws nothing of its own, "
            "like a CATransformLayer) instead of being flattened into its plane.",
        ),
    },
    "CAScrollLayer": {
        "scrollMode": (enum(["none", "vertically", "horizontally", "both"]), "The directions scrolling may move."),
    },
    "CATransformLayer": {},
    "CATiledLayer": {
        "tileSize": (ref("size"), "The size of a tile in pixels [width, height] (default [256, 256]; 16 to 1024)."),
        "levelsOfDetail": ({"type": "integer", "minimum": 1, "maximum": 64}, "The number of levels of detail, each half the resolution of the previous (default 1)."),
        "levelsOfDetailBias": ({"type": "integer", "minimum": 0, "maximum": 24}, "How many of the levels magnify: 2 gives 4x and 2x (default 0)."),
        "tiledImage": ({"type": ["string", "null"]}, "An image file (PNG or JPEG) relative to the scene file, drawn over the bounds tile by tile at each level (glayers; scenes cannot run draw(in:))."),
    },
    "CAEmitterLayer": {
        "emitterCells": ({"type": "array", "items": ref("emitterCell")}, "The kinds of particle the layer emits."),
        "birthRate": (ref("number"), "Multiplies every cell's birth rate (default 1)."),
        "lifetime": (ref("number"), "Multiplies every cell's lifetime and lifetime range (default 1)."),
        "emitterPosition": (ref("point"), "The centre of the emission shape, in the layer's coordinates."),
        "emitterZPosition": (ref("number"), "The z of the emission shape's centre."),
        "emitterSize": (ref("size"), "The size of the emission shape [width, height] (a circle's or sphere's radius is the width)."),
        "emitterDepth": (ref("number"), "The depth of a cuboid emission shape."),
        "emitterShape": (enum(["point", "line", "rectangle", "cuboid", "circle", "sphere"]), "The emission shape (default point)."),
        "emitterMode": (enum(["points", "outline", "surface", "volume"]), "Which part of the shape particles start from (default volume)."),
        "renderMode": (enum(["unordered", "oldestFirst", "oldestLast", "backToFront", "additive"]),
                       "The order and blending of particles (default unordered)."),
        "preservesDepth": (ref("bool"), "Whether particles keep their z in the superlayer's 3D space."),
        "velocity": (ref("number"), "Multiplies every cell's velocity and velocity range (default 1)."),
        "scale": (ref("number"), "Multiplies every cell's scale, scale range and scale speed (default 1)."),
        "spin": (ref("number"), "Multiplies every cell's spin and spin range (default 1)."),
        "seed": ({"type": "integer", "minimum": 0, "maximum": 4294967295},
                 "The seed of the particles' random numbers (default 0): the same seed gives the same particles."),
    },
    "LottieLayer": {
        "file": ({"type": "string"}, "The Lottie (Bodymovin JSON) file played, relative to the scene file (required)."),
        "contentMode": (enum(["scaleAspectFit", "scaleAspectFill", "scaleToFill", "topLeft", "center"]),
                        "How the composition fits the bounds (default scaleAspectFit)."),
        "loopMode": (ref("lottieLoopMode"), "How many times a play plays (default playOnce)."),
        "animationSpeed": (ref("number"), "The playback speed: 1 is the file's frame rate, negative plays backwards (default 1)."),
        "autoplay": (ref("bool"), "Whether the layer plays from currentProgress when the scene loads (default true)."),
        "currentProgress": (ref("progress"), "The progress shown at load, 0 (the first frame) to 1 (the end frame); default 0."),
    },
}

def cell_properties():
    """The properties of an emitter cell object (CAEmitterCell's names)."""
    number, angle, rate = ref("number"), ref("angle"), {"type": "number", "minimum": 0}
    table = {
        "name": ({"type": "string", "pattern": "^[^.]+$"}, "The cell's name, used in key paths: emitterCells.NAME.birthRate."),
        "enabled": (ref("bool"), "Whether the cell emits and its particles are drawn (default true)."),
        "isEnabled": (ref("bool"), "Swift's spelling of enabled."),
        "birthRate": (rate, "Particles emitted per second (default 0)."),
        "lifetime": (rate, "Seconds a particle lives (default 0)."),
        "lifetimeRange": (rate, "How far a particle's lifetime may differ from lifetime, either way."),
        "emissionLatitude": (angle, "The emission direction's angle from the xy plane towards +z."),
        "emissionLongitude": (angle, "The emission direction's angle in the xy plane from +x (y points down: \"90deg\" is down)."),
        "emissionRange": (angle, "The apex angle of the cone particles leave in (\"360deg\": every direction)."),
        "velocity": (number, "A particle's initial speed, points per second."),
        "velocityRange": (rate, "How far a particle's speed may differ from velocity, either way."),
        "xAcceleration": (number, "Acceleration along x, points per second squared."),
        "yAcceleration": (number, "Acceleration along y (down), points per second squared."),
        "zAcceleration": (number, "Acceleration along z, points per second squared."),
        "scale": (number, "A particle's initial scale of its image (default 1)."),
        "scaleRange": (rate, "How far a particle's scale may differ from scale, either way."),
        "scaleSpeed": (number, "How much a particle's scale changes per second."),
        "spin": (angle, "A particle's rotation speed, radians per second."),
        "spinRange": (angle, "How far a particle's rotation speed may differ from spin, either way."),
        "color": (ref("color"), "The colour that multiplies a particle's image (default white)."),
        "contents": ({"type": ["string", "null"]}, "The particle's image file (PNG or JPEG) relative to the scene file."),
        "contentsRect": (ref("rect"), "The part of the image drawn, in unit coordinates."),
        "contentsScale": ({"type": "number", "exclusiveMinimum": 0}, "Pixels of the image per point (default 1)."),
        "minificationFilter": (enum(["linear", "nearest", "trilinear"]), "The filter used to shrink the image."),
        "magnificationFilter": (enum(["linear", "nearest", "trilinear"]), "The filter used to enlarge the image."),
        "minificationFilterBias": (number, "The level-of-detail bias of the minification filter."),
        "emitterCells": ({"type": "array", "items": ref("emitterCell")}, "Cells each particle emits, relative to its direction of motion."),
        "beginTime": (number, "When the cell starts emitting, in its parent's time (the layer's, or a particle's age)."),
        "duration": (ref("duration"), "How long the cell emits (0: for ever)."),
        "speed": (number, "How fast the cell's time runs."),
        "timeOffset": (number, "An offset added to the cell's time."),
        "repeatCount": (ref("repeatCount"), "How many times the duration repeats."),
        "repeatDuration": (ref("duration"), "How long the cell repeats, in seconds."),
        "autoreverses": (ref("bool"), "Whether each cycle's emission time doubles."),
        "fillMode": (enum(["removed", "forwards", "backwards", "both"]), "The cell's fill mode (kept; a cell emits only while active)."),
    }
    for channel in ["red", "green", "blue", "alpha"]:
        table[channel + "Range"] = (rate, "How far a particle's %s may differ from the colour's, either way." % channel)
        table[channel + "Speed"] = (number, "How much a particle's %s changes per second." % channel)
    return table

TIMING = {
    "beginTime": (ref("number"), "When the animation starts, in seconds after it is added (0: at the commit)."),
    "duration": (ref("duration"), "The duration of one cycle in seconds (0: the transaction's, 0.25 s by default)."),
    "speed": (ref("number"), "How fast the animation's time runs."),
    "timeOffset": (ref("number"), "An offset into the animation's time."),
    "repeatCount": (ref("repeatCount"), "How many cycles (fractional, or \"infinity\")."),
    "repeatDuration": (ref("duration"), "How long to repeat, in seconds."),
    "autoreverses": (ref("bool"), "Whether each cycle plays forward then backward."),
    "fillMode": (enum(["removed", "forwards", "backwards", "both"]), "What shows outside the active time."),
    "removedOnCompletion": (ref("bool"), "Whether the animation is removed when it ends (default true)."),
    "isRemovedOnCompletion": (ref("bool"), "Swift's spelling of removedOnCompletion."),
    "timingFunction": (ref("timingFunction"), "The pacing of each cycle."),
}
PROPERTY = {
    "keyPath": ({"type": "string"}, "The animated key path (position, transform.rotation.z, filters.NAME.KEY, …)."),
    "additive": (ref("bool"), "Whether the value is added to the model value."),
    "isAdditive": (ref("bool"), "Swift's spelling of additive."),
    "cumulative": (ref("bool"), "Whether each cycle builds on the previous one's end."),
    "isCumulative": (ref("bool"), "Swift's spelling of cumulative."),
    "valueFunction": (enum(["rotateX", "rotateY", "rotateZ", "scale", "scaleX", "scaleY", "scaleZ", "translate",
                            "translateX", "translateY", "translateZ"]), "Turns numbers into transforms (keyPath transform)."),
}
BASIC = {
    "fromValue": (True, "The start value (encoded as the key path's property)."),
    "toValue": (True, "The end value."),
    "byValue": (True, "The change over the animation."),
}
SPRING = {
    "mass": (ref("number"), "The mass on the spring (default 1)."),
    "stiffness": (ref("number"), "The spring constant (default 100)."),
    "damping": (ref("number"), "The damping (default 10)."),
    "initialVelocity": (ref("number"), "The initial velocity (default 0)."),
}
KEYFRAME = {
    "values": ({"type": "array", "minItems": 1}, "The keyframe values."),
    "path": (ref("path"), "A path for point properties (each segment is a keyframe)."),
    "keyTimes": (ref("numbers"), "When each value applies, 0…1, one per value."),
    "timingFunctions": ({"type": "array", "items": ref("timingFunction")}, "One timing function per segment."),
    "calculationMode": (enum(["linear", "discrete", "paced", "cubic", "cubicPaced"]), "How values between keyframes are computed."),
    "tensionValues": (ref("numbers"), "Spline tension per value."),
    "continuityValues": (ref("numbers"), "Spline continuity per value."),
    "biasValues": (ref("numbers"), "Spline bias per value."),
    "rotationMode": (enum(["auto", "autoReverse"]), "Whether a layer moving along the path turns with it."),
}
GROUP = {"animations": ({"type": "array", "items": ref("animation")}, "The grouped animations (each with a keyPath).")}
TRANSITION = {
    "type": (enum(["fade", "moveIn", "push", "reveal"]), "The kind of transition."),
    "subtype": (enum(["fromLeft", "fromRight", "fromTop", "fromBottom"]), "The direction."),
    "startProgress": ({"type": "number", "minimum": 0, "maximum": 1}, "Where the transition starts, 0…1."),
    "endProgress": ({"type": "number", "minimum": 0, "maximum": 1}, "Where the transition ends, 0…1."),
}

FILTERS = {
    "CIGaussianBlur": ["inputRadius"], "CIBloom": ["inputRadius", "inputIntensity"], "CIColorInvert": [],
    "CIPhotoEffectMono": [], "CISepiaTone": ["inputIntensity"],
    "CIColorControls": ["inputSaturation", "inputBrightness", "inputContrast"],
}
BLEND_MODES = ["Multiply", "Screen", "Overlay", "Darken", "Lighten", "Difference", "ColorDodge", "ColorBurn",
               "SoftLight", "HardLight", "Exclusion", "LinearBurn", "LinearDodge", "LinearLight", "PinLight",
               "VividLight", "Subtract", "Divide", "Hue", "Saturation", "Color", "Luminosity"]

def keysyms():
    names = ["space", "Return", "Escape", "Tab", "ISO_Left_Tab", "BackSpace", "Delete", "Insert", "Home", "End",
             "Page_Up", "Page_Down", "Prior", "Next", "Left", "Right", "Up", "Down", "Menu", "Pause", "Print",
             "Scroll_Lock", "Caps_Lock", "Num_Lock", "Break", "Help",
             "KP_Enter", "KP_Add", "KP_Subtract", "KP_Multiply", "KP_Divide", "KP_Decimal", "KP_Equal", "KP_Space",
             "KP_Tab", "KP_Home", "KP_End", "KP_Left", "KP_Right", "KP_Up", "KP_Down", "KP_Page_Up", "KP_Page_Down",
             "KP_Prior", "KP_Next", "KP_Begin", "KP_Insert", "KP_Delete",
             "exclam", "quotedbl", "numbersign", "dollar", "percent", "ampersand", "apostrophe", "parenleft",
             "parenright", "asterisk", "plus", "comma", "minus", "period", "slash", "colon", "semicolon", "less",
             "equal", "greater", "question", "at", "bracketleft", "backslash", "bracketright", "asciicircum",
             "underscore", "grave", "braceleft", "bar", "braceright", "asciitilde",
             "Shift_L", "Shift_R", "Control_L", "Control_R", "Alt_L", "Alt_R", "Meta_L", "Meta_R", "Super_L",
             "Super_R", "XF86AudioPlay", "XF86AudioPause", "XF86AudioStop", "XF86AudioNext", "XF86AudioPrev",
             "XF86Back", "XF86Forward"]
    names += [chr(c) for c in range(ord("a"), ord("z") + 1)] + [chr(c) for c in range(ord("A"), ord("Z") + 1)]
    names += [str(d) for d in range(10)] + ["KP_%d" % d for d in range(10)] + ["F%d" % f for f in range(1, 25)]
    return sorted(set(names))

def props(table):
    return {k: doc(v, d) if isinstance(v, dict) else {"description": d} for k, (v, d) in table.items()}

def when_class(names, then, required=True):
    cond = {"properties": {"class": {"enum": names}}}
    if required:
        cond["required"] = ["class"]
    return {"if": cond, "then": then}

def layer_schema():
    branches = [when_class([name], {"properties": props(table)}) for name, table in SUBCLASSES.items() if table]
    return {
        "type": "object",
        "description": "A layer: Core Animation's property names, plus class, sublayers, mask, constraints, filters, actions and animations.",
        "properties": dict({"class": enum(["CALayer"] + list(SUBCLASSES), "The layer class (default CALayer).")}, **props(CALAYER)),
        "allOf": branches,
        "unevaluatedProperties": False,
    }

def animation_schema():
    basic = dict(props(PROPERTY), **props(BASIC))
    not_class = {"not": {"required": ["class"]}}
    return {
        "type": "object",
        "description": "An animation (CABasicAnimation unless class says otherwise).",
        "properties": dict({"class": enum(["CABasicAnimation", "CAKeyframeAnimation", "CASpringAnimation",
                                           "CAAnimationGroup", "CATransition"], "The animation class.")}, **props(TIMING)),
        "allOf": [
            {"if": not_class, "then": {"properties": basic}},
            when_class(["CABasicAnimation", "CASpringAnimation"], {"properties": basic}),
            when_class(["CASpringAnimation"], {"properties": props(SPRING)}),
            when_class(["CAKeyframeAnimation"], {"properties": dict(props(PROPERTY), **props(KEYFRAME))}),
            when_class(["CAAnimationGroup"], {"properties": props(GROUP), "required": ["animations"]}),
            when_class(["CATransition"], {"properties": props(TRANSITION)}),
        ],
        "unevaluatedProperties": False,
    }

def filter_schema():
    branches = []
    for name, inputs in FILTERS.items():
        branches.append({
            "if": {"properties": {"type": {"const": name}}},
            "then": {"properties": {i: ref("number") for i in inputs}},
        })
    names = list(FILTERS) + ["CI%sBlendMode" % m for m in BLEND_MODES] + ["CISourceOverCompositing"]
    return {
        "type": "object",
        "description": "A filter: { \"type\": \"CIBloom\", \"name\": \"pulseFilter\", \"inputRadius\": 5 }.",
        "properties": {
            "type": enum(names, "The Core Image filter name."),
            "name": {"type": "string", "pattern": "^[^.]+$", "description": "The name key paths use: filters.NAME.INPUT."},
            "enabled": ref("bool"),
        },
        "required": ["type"],
        "allOf": branches,
        "unevaluatedProperties": False,
    }

def action_schema():
    layer_name = {"type": "string", "description": "A layer name."}
    state_name = {"type": "string", "description": "A state variable."}
    lottie_name = {"type": "string", "description": "A LottieLayer's name (or, with sublayer, the name of a layer whose sublayers are LottieLayers)."}
    sublayer = doc(ref("intSource"), "Acts on this sublayer of the layer named, picked when the action runs.")
    common = {"transaction": ref("transaction")}
    def branch(required, properties):
        return {"type": "object", "required": required, "properties": dict(properties, **common),
                "additionalProperties": False}
    return {"oneOf": [
        branch(["increment"], {"increment": state_name, "by": {"type": "integer"}}),
        branch(["decrement"], {"decrement": state_name, "by": {"type": "integer"}}),
        branch(["set", "value"], {"set": state_name, "value": ref("intSource")}),
        branch(["layer", "set"], {"layer": layer_name, "set": {"type": "object", "description": "Key paths and their new values."}}),
        branch(["layer", "addAnimation"], {"layer": layer_name, "addAnimation": ref("animation"), "forKey": {"type": "string"}}),
        branch(["layer", "removeAnimation"], {"layer": layer_name, "removeAnimation": {"type": "string"}}),
        branch(["layer", "removeAllAnimations"], {"layer": layer_name, "removeAllAnimations": {"const": True}}),
        branch(["pause"], {"pause": layer_name, "sublayer": sublayer}),
        branch(["resume"], {"resume": layer_name, "sublayer": sublayer}),
        branch(["togglePause"], {"togglePause": layer_name, "sublayer": sublayer}),
        branch(["play"], {"play": lottie_name, "sublayer": sublayer, "fromProgress": ref("progress"),
                          "toProgress": ref("progress"), "loopMode": ref("lottieLoopMode")}),
        branch(["scrub", "progress"], {"scrub": lottie_name, "sublayer": sublayer, "progress": ref("progress")}),
        branch(["scrub", "by"], {"scrub": lottie_name, "sublayer": sublayer, "by": ref("number")}),
        branch(["actions"], {"actions": {"type": "array", "items": ref("action")}}),
    ]}

def defs():
    number = {"type": "number"}
    angle_pattern = r"^\s*[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?\s*(deg|rad)\s*$"
    color_names = ["black", "white", "red", "green", "lime", "blue", "yellow", "cyan", "aqua", "magenta", "fuchsia",
                   "gray", "grey", "darkgray", "darkgrey", "lightgray", "lightgrey", "silver", "maroon", "olive", "navy",
                   "teal", "purple", "orange", "brown", "pink", "gold", "indigo", "violet", "skyblue", "steelblue",
                   "coral", "crimson", "salmon", "tomato", "khaki", "beige", "ivory", "tan", "turquoise", "slategray",
                   "dimgray", "midnightblue", "darkblue", "darkred", "darkgreen", "lightblue", "lightgreen",
                   "orangered", "clear", "transparent"]
    unit = {"type": "number", "minimum": 0, "maximum": 1}
    path_ops = {"oneOf": [
        {"type": "object", "required": [k], "additionalProperties": False, "properties": {k: v}}
        for k, v in [("moveTo", ref("point")), ("lineTo", ref("point")),
                     ("quadCurveTo", {"type": "array", "items": number, "minItems": 4, "maxItems": 4}),
                     ("curveTo", {"type": "array", "items": number, "minItems": 6, "maxItems": 6}),
                     ("close", {"const": True}), ("rect", ref("rect")), ("ellipse", ref("rect")),
                     ("arc", {"type": "object", "required": ["center", "radius", "startAngle", "endAngle"],
                              "additionalProperties": False,
                              "properties": {"center": ref("point"), "radius": {"type": "number", "minimum": 0},
                                             "startAngle": ref("angle"), "endAngle": ref("angle"), "clockwise": ref("bool")}})]
    ]}
    transform_op = {"oneOf": [
        {"type": "object", "required": ["translate"], "additionalProperties": False,
         "properties": {"translate": {"type": "array", "items": number, "minItems": 2, "maxItems": 3}}},
        {"type": "object", "required": ["scale"], "additionalProperties": False,
         "properties": {"scale": {"oneOf": [number, {"type": "array", "items": number, "minItems": 2, "maxItems": 3}]}}},
        {"type": "object", "required": ["rotate"], "additionalProperties": False,
         "properties": {"rotate": ref("angle"), "axis": {"type": "array", "items": number, "minItems": 3, "maxItems": 3}}},
        {"type": "object", "required": ["perspective"], "additionalProperties": False,
         "properties": {"perspective": {"type": "number", "exclusiveMinimum": 0}}},
        {"type": "object", "required": ["matrix"], "additionalProperties": False,
         "properties": {"matrix": {"type": "array", "items": number, "minItems": 16, "maxItems": 16}}},
    ]}
    return {
        "number": number,
        "bool": {"type": "boolean"},
        "numbers": {"type": "array", "items": number},
        "angle": {"oneOf": [number, {"type": "string", "pattern": angle_pattern}],
                  "description": "Radians, or a string such as \"90deg\" or \"1.5rad\"."},
        "point": doc({"type": "array", "items": number, "minItems": 2, "maxItems": 2}, "[x, y]"),
        "size": doc({"type": "array", "items": number, "minItems": 2, "maxItems": 2}, "[width, height]"),
        "rect": doc({"type": "array", "items": number, "minItems": 4, "maxItems": 4}, "[x, y, width, height]"),
        "color": {"description": "\"#RRGGBB\", \"#RRGGBBAA\", \"#RGB\", a colour name, or [r, g, b(, a)] with components 0…1.",
                  "oneOf": [{"type": "string", "pattern": "^#([0-9A-Fa-f]{3}|[0-9A-Fa-f]{6}|[0-9A-Fa-f]{8})$"},
                            {"enum": color_names},
                            {"type": "array", "items": unit, "minItems": 3, "maxItems": 4}]},
        "nullableColor": {"oneOf": [{"type": "null"}, ref("color")]},
        "transform": {"description": "\"identity\", 16 numbers m11…m44, or operations applied in list order.",
                      "oneOf": [{"const": "identity"},
                                {"type": "array", "items": number, "minItems": 16, "maxItems": 16},
                                {"type": "array", "items": ref("transformOperation")}]},
        "transformOperation": transform_op,
        "path": {"description": "SVG path data (M L H V C S Q T A Z) or a list of operations.",
                 "oneOf": [{"type": "string"}, {"type": "array", "items": path_ops}]},
        "nullablePath": {"oneOf": [{"type": "null"}, ref("path")]},
        "timingFunction": {"oneOf": [enum(["linear", "easeIn", "easeOut", "easeInEaseOut", "default"]),
                                     {"type": "array", "items": number, "minItems": 4, "maxItems": 4}]},
        "duration": {"type": "number", "minimum": 0},
        "progress": {"type": "number", "minimum": 0, "maximum": 1,
                     "description": "A Lottie progress: 0 is the first frame, 1 the end frame."},
        "lottieLoopMode": {"oneOf": [enum(["playOnce", "loop", "autoReverse"]), {"type": "number", "exclusiveMinimum": 0}],
                           "description": "\"playOnce\", \"loop\", \"autoReverse\", or how many times to play (a number > 0)."},
        "durationOrInfinity": {"oneOf": [{"type": "number", "minimum": 0}, {"const": "infinity"}]},
        "repeatCount": {"oneOf": [{"type": "number", "minimum": 0}, {"const": "infinity"}]},
        "blendMode": {"enum": ["CI%sBlendMode" % m for m in BLEND_MODES] + ["CISourceOverCompositing"]
                      + ["%s%sBlendMode" % (m[0].lower(), m[1:]) for m in BLEND_MODES] + ["sourceOverCompositing", "xor", None]},
        "autoresizingMask": {"type": "array", "items": enum(["layerMinXMargin", "layerWidthSizable", "layerMaxXMargin",
                                                             "layerMinYMargin", "layerHeightSizable", "layerMaxYMargin"])},
        "cornerMask": {"type": "array", "items": enum(["layerMinXMinYCorner", "layerMaxXMinYCorner",
                                                       "layerMinXMaxYCorner", "layerMaxXMaxYCorner"])},
        "edgeMask": {"type": "array", "items": enum(["layerLeftEdge", "layerRightEdge", "layerBottomEdge", "layerTopEdge"])},
        "constraint": {
            "type": "object", "required": ["attribute"], "additionalProperties": False,
            "description": "attribute = relativeTo.sourceAttribute × scale + offset",
            "properties": {
                "attribute": ref("constraintAttribute"),
                "relativeTo": {"type": "string", "description": "A sibling's name, or \"superlayer\" (the default)."},
                "sourceAttribute": ref("constraintAttribute"),
                "scale": number, "offset": number,
            },
        },
        "constraintAttribute": enum(["minX", "midX", "maxX", "width", "minY", "midY", "maxY", "height"]),
        "layer": layer_schema(),
        "emitterCell": {"type": "object", "description": "An emitter cell: CAEmitterCell's property names.",
                        "properties": props(cell_properties()), "additionalProperties": False},
        "animation": animation_schema(),
        "filter": filter_schema(),
        "intSource": {"oneOf": [{"type": "integer"}, {"type": "string", "pattern": r"^\$[A-Za-z_][A-Za-z0-9_]*$"}],
                      "description": "An integer, \"$stateName\", or \"$clickedIndex\" in click actions."},
        "transaction": {
            "type": "object", "additionalProperties": False,
            "properties": {"animationDuration": ref("duration"), "disableActions": ref("bool"),
                           "timingFunction": ref("timingFunction"), "animationTimingFunction": ref("timingFunction")},
        },
        "action": action_schema(),
        "actionList": {"oneOf": [{"type": "array", "items": ref("action")}, ref("action")],
                       "description": "A list of actions, or one action such as { \"transaction\": {…}, \"actions\": […] }."},
        "keysym": enum(keysyms(), "An X11 keysym name (case-sensitive)."),
        "stateVariable": {"oneOf": [
            {"type": "integer"},
            {"type": "object", "additionalProperties": False,
             "properties": {"initial": {"type": "integer"}, "min": {"type": "integer"}, "max": {"type": "integer"},
                            "wrap": ref("bool")}},
        ]},
        "binding": {"oneOf": [
            {"type": "object", "required": ["layer", "keyPath", "follow"], "additionalProperties": False,
             "properties": {"layer": {"type": "string"}, "keyPath": {"type": "string"},
                            "follow": {"type": "object", "required": ["layer"], "additionalProperties": False,
                                       "properties": {"layer": {"type": "string"}, "sublayer": ref("intSource"),
                                                      "keyPath": {"type": "string"}}}}},
            {"type": "object", "required": ["layer", "keyPath", "values", "index"], "additionalProperties": False,
             "properties": {"layer": {"type": "string"}, "keyPath": {"type": "string"},
                            "values": {"type": "array"}, "index": ref("intSource")}},
        ]},
    }

def schema():
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "https://github.com/glayers/glayers/schema/scene.schema.json",
        "title": "glayers scene",
        "description": "A layer tree with animations and behaviours, run by the glayers command. See docs/scene-format.md.",
        "type": "object",
        "required": ["root"],
        "additionalProperties": False,
        "properties": {
            "$schema": {"type": "string"},
            "name": {"type": "string", "description": "The window title."},
            "size": doc(ref("size"), "The window size in points (default [800, 600])."),
            "scale": {"type": "number", "exclusiveMinimum": 0, "description": "Pixels per point (default 1)."},
            "background": doc(ref("color"), "The window's background colour (default black)."),
            "root": doc(ref("layer"), "The root layer; it follows the window's size."),
            "state": {"type": "object", "additionalProperties": ref("stateVariable"),
                      "propertyNames": {"pattern": "^[A-Za-z_][A-Za-z0-9_]*$"},
                      "description": "Named integers that keys change and bindings follow."},
            "transaction": doc(ref("transaction"), "Settings of the transaction around key and click actions."),
            "keys": {"type": "object", "propertyNames": ref("keysym"), "additionalProperties": ref("actionList"),
                     "description": "Actions by X11 keysym name."},
            "clicks": {"type": "object", "additionalProperties": ref("actionList"),
                       "description": "Actions by layer name, run when the layer or one of its sublayers is clicked."},
            "bindings": {"type": "array", "items": ref("binding"),
                         "description": "Layer properties kept in step with the state."},
        },
        "$defs": defs(),
    }

if __name__ == "__main__":
    import sys
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "scene.schema.json")
    with open(out, "w") as f:
        json.dump(schema(), f, indent=2)
        f.write("\n")
