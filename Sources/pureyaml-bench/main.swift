import Foundation
// The benchmark executable; see docs/performance.md.
print("pureyaml-bench: not yet implemented")
