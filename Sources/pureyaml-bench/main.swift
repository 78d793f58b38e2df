import Foundation

// The benchmark executable: `swift run -c release pureyaml-bench [--quick] [--filter NAME] [--markdown]`.
// See docs/performance.md for what is measured and the targets.
guard let options = BenchOptions.parse(Array(CommandLine.arguments.dropFirst())) else { exit(2) }
exit(Benchmark(options: options).run())
