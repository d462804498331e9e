/// The layer and animation classes scenes can name, each once: the decoder, the schema, the
/// docs' tables and the fuzz targets read this list.
import Foundation
import GLayers
import GLayersJSON
import GLayersLottie

/// The layer classes and animation classes scenes can name: the one list of them (the decoder,
/// the schema, the docs' tables and the fuzz targets read it).
enum SceneClasses {
    /// A layer class scenes can name.
    struct LayerClass {
        let name: String
        let type: CALayer.Type
        /// A new layer of the class (made with the class's designated initializer).
        let make: () -> CALayer
        /// The keys a layer object of the class may hold that are not properties of the class:
        /// what a scene gives where an app would run code (a tiled layer's image, drawn in every
        /// tile; a Lottie layer's file and how it plays).
        var sceneKeys: [SceneKey] = []
    }

    /// Layer classes, in the order tools list them.
    static let layerClasses: [LayerClass] = [
        LayerClass(name: "CALayer", type: CALayer.self, make: { CALayer() }),
        LayerClass(name: "CATextLayer", type: CATextLayer.self, make: { CATextLayer() }),
        LayerClass(name: "CAShapeLayer", type: CAShapeLayer.self, make: { CAShapeLayer() }),
        LayerClass(name: "CAGradientLayer", type: CAGradientLayer.self, make: { CAGradientLayer() }),
        LayerClass(name: "CAReplicatorLayer", type: CAReplicatorLayer.self, make: { CAReplicatorLayer() }),
        LayerClass(name: "CATransformLayer", type: CATransformLayer.self, make: { CATransformLayer() }),
        LayerClass(name: "CAScrollLayer", type: CAScrollLayer.self, make: { CAScrollLayer() }),
        LayerClass(
            name: "CATiledLayer", type: CATiledLayer.self, make: { CATiledLayer() },
            sceneKeys: [DecodeContext.tiledImageKey]),
        LayerClass(name: "CAEmitterLayer", type: CAEmitterLayer.self, make: { CAEmitterLayer() }),
        LayerClass(
            name: "LottieLayer", type: LottieLayer.self, make: { LottieLayer(animation: nil) },
            sceneKeys: DecodeContext.lottieKeys),
    ]

    /// Layer classes by name.
    static let layers: [(String, CALayer.Type)] = layerClasses.map { ($0.name, $0.type) }

    /// The layer class named `name`.
    static func layerClass(named name: String) -> CALayer.Type? {
        layerClasses.first { $0.name == name }?.type
    }

    /// A new layer of the class named `name`.
    static func makeLayer(named name: String) -> CALayer? {
        layerClasses.first { $0.name == name }?.make()
    }

    /// Animation classes by name.
    static let animationClasses: [(String, CAAnimation.Type)] = [
        ("CABasicAnimation", CABasicAnimation.self), ("CAKeyframeAnimation", CAKeyframeAnimation.self),
        ("CASpringAnimation", CASpringAnimation.self), ("CAAnimationGroup", CAAnimationGroup.self),
        ("CATransition", CATransition.self),
    ]

    /// The names of the animation classes.
    static let animations = animationClasses.map(\.0)

    /// The names of the scene keys of `layerClass` (`LayerClass.sceneKeys`).
    static func sceneKeys(of layerClass: CALayer.Type) -> [String] { sceneKeyEntries(of: layerClass).map(\.key) }

    /// The scene keys of `layerClass`, with their schemas and descriptions.
    static func sceneKeyEntries(of layerClass: CALayer.Type) -> [SceneKey] {
        layerClasses.first { $0.type == layerClass }?.sceneKeys ?? []
    }

    /// The layer class whose scene keys (`sceneKeys(of:)`) include `key`.
    static func layerClassWithSceneKey(_ key: String) -> CALayer.Type? {
        layers.first { sceneKeys(of: $0.1).contains(key) }?.1
    }

    /// A layer class other than CALayer that declares `key`.
    static func layerClassDeclaring(_ key: String) -> CALayer.Type? {
        let base = Set(CALayer.declaredKeys)
        guard !base.contains(key) else { return nil }
        return layers.first { $0.1.declaredKeys.contains(key) }?.1
    }
}

/// A key of a layer object that is not a property of its class (`SceneClasses.sceneKeys(of:)`):
/// its name, the schema of its value and a description.
struct SceneKey {
    let key: String
    let schema: JSONOutput
    let summary: String

    init(_ key: String, _ schema: JSONOutput, _ summary: String) {
        self.key = key
        self.schema = schema
        self.summary = summary
    }
}
