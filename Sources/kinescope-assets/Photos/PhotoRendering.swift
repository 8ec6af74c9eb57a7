import Dispatch
import Raster

/// A picture computed pixel by pixel: `shade(x, y)` gives each pixel's colour (alpha ignored;
/// the result is opaque), rounded to 8 bits per channel. Rows are shared out over the cores in
/// interleaved bands; every pixel depends only on its coordinates, so the result is the same
/// for any number of threads.
func renderOpaque(width: Int, height: Int, _ shade: @escaping @Sendable (Int, Int) -> Colour) -> Bitmap {
    let bitmap = Bitmap(width: width, height: height)
    let bands = 16
    DispatchQueue.concurrentPerform(iterations: bands) { band in
        for y in stride(from: band, to: height, by: bands) {
            let row = bitmap.row(y)
            for x in 0..<width {
                let c = shade(x, y)
                row[x] = 0xFF00_0000 | quantize(c.red) << 16 | quantize(c.green) << 8 | quantize(c.blue)
            }
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
