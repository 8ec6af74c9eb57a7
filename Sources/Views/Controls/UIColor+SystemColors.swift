import Geometry

/// iOS 13's light-appearance system colours that the standard controls draw with, as sRGB
/// values (Apple's "UI Design Dos and Don'ts" / HIG colour tables; Kinescope has no dark
/// appearance, so each is the light variant).
extension UIColor {
    /// sRGB (255, 59, 48).
    public static let systemRed = UIColor(red: 255.0 / 255, green: 59.0 / 255, blue: 48.0 / 255, alpha: 1)
    /// sRGB (255, 149, 0).
    public static let systemOrange = UIColor(red: 255.0 / 255, green: 149.0 / 255, blue: 0.0 / 255, alpha: 1)
    /// sRGB (255, 204, 0).
    public static let systemYellow = UIColor(red: 255.0 / 255, green: 204.0 / 255, blue: 0.0 / 255, alpha: 1)
    /// sRGB (52, 199, 89): the on track of a switch.
    public static let systemGreen = UIColor(red: 52.0 / 255, green: 199.0 / 255, blue: 89.0 / 255, alpha: 1)
    /// sRGB (0, 199, 190).
    public static let systemMint = UIColor(red: 0.0 / 255, green: 199.0 / 255, blue: 190.0 / 255, alpha: 1)
    /// sRGB (48, 176, 199).
    public static let systemTeal = UIColor(red: 48.0 / 255, green: 176.0 / 255, blue: 199.0 / 255, alpha: 1)
    /// sRGB (50, 173, 230).
    public static let systemCyan = UIColor(red: 50.0 / 255, green: 173.0 / 255, blue: 230.0 / 255, alpha: 1)
    /// sRGB (88, 86, 214).
    public static let systemIndigo = UIColor(red: 88.0 / 255, green: 86.0 / 255, blue: 214.0 / 255, alpha: 1)
    /// sRGB (175, 82, 222).
    public static let systemPurple = UIColor(red: 175.0 / 255, green: 82.0 / 255, blue: 222.0 / 255, alpha: 1)
    /// sRGB (255, 45, 85).
    public static let systemPink = UIColor(red: 255.0 / 255, green: 45.0 / 255, blue: 85.0 / 255, alpha: 1)
    /// sRGB (162, 132, 94).
    public static let systemBrown = UIColor(red: 162.0 / 255, green: 132.0 / 255, blue: 94.0 / 255, alpha: 1)
    /// sRGB (174, 174, 178).
    public static let systemGray2 = UIColor(red: 174.0 / 255, green: 174.0 / 255, blue: 178.0 / 255, alpha: 1)
    /// sRGB (199, 199, 204).
    public static let systemGray3 = UIColor(red: 199.0 / 255, green: 199.0 / 255, blue: 204.0 / 255, alpha: 1)
    /// sRGB (209, 209, 214).
    public static let systemGray4 = UIColor(red: 209.0 / 255, green: 209.0 / 255, blue: 214.0 / 255, alpha: 1)
    /// sRGB (229, 229, 234).
    public static let systemGray5 = UIColor(red: 229.0 / 255, green: 229.0 / 255, blue: 234.0 / 255, alpha: 1)
    /// sRGB (242, 242, 247).
    public static let systemGray6 = UIColor(red: 242.0 / 255, green: 242.0 / 255, blue: 247.0 / 255, alpha: 1)
    /// Black: the colour of primary text.
    public static let label = UIColor(white: 0, alpha: 1)
    /// sRGB (60, 60, 67) at 60 %: secondary text, and the activity indicator's default colour.
    public static let secondaryLabel = UIColor(red: 60.0 / 255, green: 60.0 / 255, blue: 67.0 / 255, alpha: 0.6)
    /// sRGB (60, 60, 67) at 30 %: disabled text.
    public static let tertiaryLabel = UIColor(red: 60.0 / 255, green: 60.0 / 255, blue: 67.0 / 255, alpha: 0.3)
    /// sRGB (120, 120, 128) at 20 %: thin and small shapes such as a slider's or progress
    /// view's unfilled track.
    public static let systemFill = UIColor(red: 120.0 / 255, green: 120.0 / 255, blue: 128.0 / 255, alpha: 0.2)
    /// sRGB (120, 120, 128) at 16 %: medium shapes such as a switch's off track.
    public static let secondarySystemFill = UIColor(red: 120.0 / 255, green: 120.0 / 255, blue: 128.0 / 255, alpha: 0.16)
    /// sRGB (118, 118, 128) at 12 %: large shapes such as a segmented control's or stepper's
    /// background.
    public static let tertiarySystemFill = UIColor(red: 118.0 / 255, green: 118.0 / 255, blue: 128.0 / 255, alpha: 0.12)
    /// sRGB (60, 60, 67) at 29 %: separator lines.
    public static let separator = UIColor(red: 60.0 / 255, green: 60.0 / 255, blue: 67.0 / 255, alpha: 0.29)
}
