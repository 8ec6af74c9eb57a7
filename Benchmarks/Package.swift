// swift-tools-version:6.0
// Benchmarks for Kinescope's kernels against the C libraries that do the same work (pixman,
// cairo). They live in their own package so that those peers never become dependencies of
// Kinescope itself. Run:
//   swift run -c release --package-path Benchmarks kinescope-bench [--quick]
// and add `-Xswiftc -target-cpu -Xswiftc x86-64-v3` to measure with AVX2.
import PackageDescription

let package = Package(
    name: "KinescopeBenchmarks",
    dependencies: [
        .package(name: "Kinescope", path: ".."),
    ],
    targets: [
        .systemLibrary(name: "CPixman", pkgConfig: "pixman-1"),
        .systemLibrary(name: "CCairo", pkgConfig: "cairo"),
        .target(
            name: "BenchmarkSupport",
            dependencies: [.product(name: "KinescopeRaster", package: "Kinescope"), "CPixman", "CCairo"]
        ),
        .executableTarget(name: "kinescope-bench", dependencies: ["BenchmarkSupport"]),
        .testTarget(name: "BenchmarkSupportTests", dependencies: ["BenchmarkSupport"]),
    ]
)
