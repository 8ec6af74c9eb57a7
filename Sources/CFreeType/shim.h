#ifndef KINESCOPE_CFREETYPE_SHIM_H
#define KINESCOPE_CFREETYPE_SHIM_H

#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_TRUETYPE_TABLES_H
#include FT_OUTLINE_H
#include FT_SFNT_NAMES_H

/* FT_LOAD_TARGET_LIGHT and FT_HAS_KERNING are function-like macros, which Swift cannot import. */

/* Light hinting: outlines snapped vertically only, so shapes and spacing stay close to the design. */
static inline FT_Int32 kinescope_ft_load_light(void) {
    return FT_LOAD_DEFAULT | FT_LOAD_TARGET_LIGHT;
}

static inline FT_Render_Mode kinescope_ft_render_light(void) {
    return FT_RENDER_MODE_LIGHT;
}

/* Whether the face has a classic 'kern' table that FT_Get_Kerning reads. */
static inline int kinescope_ft_has_kerning(FT_Face face) {
    return FT_HAS_KERNING(face) ? 1 : 0;
}

#endif
