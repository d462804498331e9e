#version 330 core
// fill.frag.glsl: one colour over the scissored parts of the bound framebuffer: the clear of a
// partly redrawn screen (blending off) and the damage tint (Renderer.debug.showDamage,
// blending on). Drawn with the fullscreen triangle.
//
// Why not glClear for the clear: a scissored clear that covers part of one of llvmpipe's tiles
// converts the colour to 8 bits differently from a whole-tile clear in a window's framebuffer
// (25.5 became 25 instead of 26), so a partial redraw would differ from a full one; a shader's
// output is converted the same way everywhere.
//
// Varyings: v_uv (fullscreen.vert.glsl), unused.
// Uniforms: u_color, premultiplied.
// Output: o_color = u_color.

in vec2 v_uv;
uniform vec4 u_color;
out vec4 o_color;

void main() {
    o_color = u_color;
}
