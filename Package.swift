// swift-tools-version:6.0
// Kinescope: Core Animation's layer tree and UIKit's view animations and transitions on Linux,
// rendered in software. The targets follow the data flow of a frame (see DESIGN.md):
// Geometry → Raster → Graphics → Layers → Transitions → Views → Hosts, with Codecs and Recording beside.
// CPU tuning is passed at build time (`-Xswiftc -target-cpu -Xswiftc haswell`, which
// scripts/env.sh picks for a CPU with AVX2 + FMA; the SIMD kernels run up to 2.2× faster with it,
// BENCHMARKS.md), never as unsafeFlags here, so the package stays usable as a dependency.
import PackageDescription

let package = Package(
    name: "Kinescope",
    products: [
        .library(name: "Kinescope", targets: ["Kinescope"]),
        // Raster alone, for the Benchmarks package (which must not pull in X11 and the rest).
        .library(name: "KinescopeRaster", targets: ["Raster"]),
        // The demo view controllers, shared by the command line and the Benchmarks package.
        .library(name: "KinescopeDemos", targets: ["KinescopeDemos"]),
        .executable(name: "kinescope", targets: ["kinescope"]),
    ],
    targets: [
        .systemLibrary(name: "CX11", pkgConfig: "x11 xext"),
        .systemLibrary(name: "CSPNG", pkgConfig: "spng"),
        .systemLibrary(name: "CTurboJPEG", pkgConfig: "libturbojpeg"),
        .systemLibrary(name: "CFreeType", pkgConfig: "freetype2"),
        .systemLibrary(name: "CWebP", pkgConfig: "libwebpmux libwebpdemux libwebp"),
        .systemLibrary(name: "CVPX", pkgConfig: "vpx"),
        .systemLibrary(name: "CDeflate", pkgConfig: "libdeflate"),
        .systemLibrary(name: "CHarfBuzz", pkgConfig: "harfbuzz"),
        .systemLibrary(name: "CFontconfig", pkgConfig: "fontconfig"),
        .systemLibrary(name: "CFribidi", pkgConfig: "fribidi"),
        // Header only: cache hints for the sampling loops (no library to link).
        .systemLibrary(name: "CCacheHints"),

        .target(name: "Geometry"),
        .target(name: "Raster", dependencies: ["Geometry"]),
        .target(name: "Codecs", dependencies: ["Raster", "CSPNG", "CTurboJPEG", "CDeflate"]),
        .target(name: "Graphics", dependencies: ["Geometry", "Raster", "CFreeType", "CHarfBuzz", "CFontconfig"]),
        .target(name: "Layers", dependencies: ["Geometry", "Raster", "Graphics"]),
        .target(name: "Transitions", dependencies: ["Geometry", "Raster", "Graphics", "Layers", "CCacheHints"]),
        .target(name: "Views", dependencies: ["Geometry", "Raster", "Codecs", "Graphics", "Layers", "Transitions", "CFribidi"]),
        .target(name: "Hosts", dependencies: ["Raster", "CX11"]),
        .target(name: "Recording", dependencies: ["Raster", "Codecs", "CWebP", "CVPX"]),
        .target(
            name: "Kinescope",
            dependencies: ["Geometry", "Raster", "Codecs", "Graphics", "Layers", "Transitions", "Views", "Hosts",
                           "Recording"]
        ),
        .target(name: "KinescopeDemos", dependencies: ["Kinescope"]),
        .executableTarget(name: "kinescope", dependencies: ["Kinescope", "KinescopeDemos"]),
        .executableTarget(name: "kinescope-assets", dependencies: ["Raster", "Codecs", "CTurboJPEG"]),
        .executableTarget(name: "kinescope-x11-probe", dependencies: ["Hosts", "CX11", "Raster"]),

        .target(name: "KinescopeTestSupport", dependencies: ["Raster", "Codecs", "CSPNG", "CTurboJPEG"],
                path: "Tests/KinescopeTestSupport"),
        .testTarget(name: "GeometryTests", dependencies: ["Geometry"]),
        .testTarget(name: "RasterTests", dependencies: ["Raster", "KinescopeTestSupport"]),
        .testTarget(name: "CodecsTests", dependencies: ["Codecs", "KinescopeTestSupport"]),
        .testTarget(name: "GraphicsTests", dependencies: ["Graphics", "KinescopeTestSupport"], exclude: ["Goldens"]),
        .testTarget(name: "LayersTests", dependencies: ["Layers", "KinescopeTestSupport"],
                    exclude: ["Goldens", "Specialized/Goldens"]),
        .testTarget(name: "TransitionsTests", dependencies: ["Transitions", "KinescopeTestSupport"],
                    exclude: ["Goldens", "CoreImage/Goldens", "Styles/Goldens"]),
        .testTarget(name: "KinescopeTests", dependencies: ["Kinescope", "KinescopeTestSupport"],
                    exclude: ["Goldens", "TableView/Goldens", "Controllers/Goldens"]),
        .testTarget(name: "HostsTests", dependencies: ["Hosts", "KinescopeTestSupport"]),
        .testTarget(name: "RecordingTests", dependencies: ["Recording", "KinescopeTestSupport", "CWebP"]),
        .testTarget(name: "KinescopeCLITests", dependencies: ["KinescopeTestSupport", "Codecs"]),
        .testTarget(name: "ViewsTests", dependencies: ["Views", "KinescopeTestSupport"], exclude: ["Goldens", "Text/Goldens", "Controls/Goldens", "Controllers/Goldens"]),
        .testTarget(
            name: "ReliabilityTests",
            dependencies: ["Geometry", "Raster", "Codecs", "Graphics", "Layers", "Transitions", "Views", "Hosts", "Kinescope",
                           "KinescopeDemos", "KinescopeTestSupport", "CSPNG", "CTurboJPEG", "CX11"]
        ),
    ]
)
