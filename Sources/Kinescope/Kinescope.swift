// `import Kinescope` brings in the whole public API, as `import UIKit` does on Apple's platforms.
@_exported import Foundation
@_exported import Geometry
@_exported import Raster
@_exported import Graphics
@_exported import Codecs
@_exported import Layers
@_exported import Transitions
@_exported import Views
@_exported import Hosts
@_exported import Recording
