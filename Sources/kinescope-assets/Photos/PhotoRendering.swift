import Raster

/// A picture computed pixel by pixel: `shade(x, y)` gives each pixel's colour (alpha ignored;
/// the result is opaque), rounded to 8 bits per channel.
func renderOpaque(width: Int, height: Int, _ shade: (Int, Int) -> Colour) -> Bitmap {
    let bitmap = Bitmap(width: width, height: height)
    for y in 0..<height {
        let row = bitmap.row(y)
        for x in 0..<width {
            let c = shade(x, y)
            row[x] = 0xFF00_0000 | quantize(c.red) << 16 | quantize(c.green) << 8 | quantize(c.blue)
        }
    }
    return bitmap
}

/// Film grain: independent noise of about ±`amount` (0…1 units) on each channel, fixed per pixel.
func grain(_ colour: Colour, x: Int, y: Int, amount: Double, noise: ValueNoise) -> Colour {
    let r = noise.hash(x, y), g = noise.hash(x + 7919, y), b = noise.hash(x, y + 7919)
    return Colour(red: colour.red + (r - 0.5) * 2 * amount, green: colour.green + (g - 0.5) * 2 * amount,
                  blue: colour.blue + (b - 0.5) * 2 * amount)
}
