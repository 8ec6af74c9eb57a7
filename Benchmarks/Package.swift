// swift-tools-version:6.0
// Benchmarks for Kinescope against the C libraries and tools that do the same work (pixman,
// cairo, pango, libpng, ffmpeg). They live in their own package so that those peers never become
// dependencies of Kinescope itself. Run:
//   swift run -c release --package-path Benchmarks -Xswiftc -target-cpu -Xswiftc haswell \
//       kinescope-bench [--quick] [--json PATH] [--threads N] [--only WORD]
// (`haswell` is AVX2 + FMA; Swift 6.3's LLVM rejects the name `x86-64-v3`.)
import PackageDescription

let package = Package(
    name: "KinescopeBenchmarks",
    dependencies: [
        .package(name: "Kinescope", path: ".."),
    ],
    targets: [
        .systemLibrary(name: "CPixman", pkgConfig: "pixman-1"),
        .systemLibrary(name: "CCairo", pkgConfig: "cairo"),
        .systemLibrary(name: "CLibPNG", pkgConfig: "libpng"),
        .systemLibrary(name: "CPangoCairo", pkgConfig: "pangocairo"),
        .target(
            name: "BenchmarkSupport",
            dependencies: [.product(name: "KinescopeRaster", package: "Kinescope"), "CPixman", "CCairo", "CLibPNG"]
        ),
        .executableTarget(
            name: "kinescope-bench",
            dependencies: ["BenchmarkSupport", "CPangoCairo",
                           .product(name: "Kinescope", package: "Kinescope"),
                           .product(name: "KinescopeDemos", package: "Kinescope")]
        ),
        .testTarget(name: "BenchmarkSupportTests", dependencies: ["BenchmarkSupport"]),
        // Our Core Graphics against cairo's on the same scenes (an independent oracle).
        .testTarget(name: "CairoAgreementTests",
                    dependencies: ["BenchmarkSupport", "CCairo", .product(name: "Kinescope", package: "Kinescope")]),
    ]
)
