/* Presentation copies of layers made by the layer class's own `init(layer:)`, dispatched
 * through the class's vtable as Core Animation sends -initWithLayer: to the layer's class.
 *
 * Swift can call an initializer on a metatype only when it is `required`, and Apple's
 * `init(layer:)` is not: a subclass with an initializer of its own must compile without
 * providing one. Every designated initializer has a vtable entry, though (a subclass that
 * does not inherit it gets the compiler's stub, which stops with "Use of unimplemented
 * initializer 'init(layer:)'", as on Apple's platforms), and the Swift runtime looks entries
 * up by method descriptor (swift_lookUpClassMethod, what resilient class dispatch calls). The
 * allocating entry takes the `Any` argument indirectly, consumed (@in), and the metatype in
 * the self register (swiftcall's context parameter). */
#include "CEngineSupport.h"

#define GLAYERS_SWIFTCALL __attribute__((swiftcall))
#define GLAYERS_SWIFT_CONTEXT __attribute__((swift_context))

typedef void *(*glayers_layer_allocator)(void *value, void *GLAYERS_SWIFT_CONTEXT metatype) GLAYERS_SWIFTCALL;

/* GLayers.CALayer.init(layer: Any)'s allocating entry's method descriptor, and the class's
 * nominal type descriptor (both defined by the GLayers module, which links this file). */
extern const char glayers_calayer_init_layer_descriptor __asm__("$s7GLayers7CALayerC5layerACyp_tcfCTq");
extern const char glayers_calayer_class_descriptor __asm__("$s7GLayers7CALayerCMn");
extern void *swift_lookUpClassMethod(const void *metadata, const void *method, const void *description);

void *glayers_layer_init_layer(const void *metadata, void *value) {
    glayers_layer_allocator allocate = (glayers_layer_allocator)swift_lookUpClassMethod(
        metadata, &glayers_calayer_init_layer_descriptor, &glayers_calayer_class_descriptor);
    return allocate(value, (void *)metadata);
}
