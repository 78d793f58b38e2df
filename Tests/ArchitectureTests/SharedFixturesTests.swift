import Foundation
import TestSupport
import XCTest

/// Where tests look for the shared data (`PUREYAML_SHARED`).
final class SharedFixturesTests: XCTestCase {
    func testEmptyEnvironmentValueCountsAsUnset() {
        let beside = SharedFixtures.packageRoot.appendingPathComponent("../shared").standardizedFileURL
        XCTAssertEqual(SharedFixtures.location(environment: nil), beside)
        XCTAssertEqual(SharedFixtures.location(environment: ""), beside)
        XCTAssertNotEqual(SharedFixtures.location(environment: "").path, SharedFixtures.packageRoot.standardizedFileURL.path)
        XCTAssertEqual(SharedFixtures.location(environment: "/work/elsewhere").path, "/work/elsewhere")
        XCTAssertEqual(SharedFixtures.location(environment: "data").path,
                       SharedFixtures.packageRoot.appendingPathComponent("data").standardizedFileURL.path)
    }
}
