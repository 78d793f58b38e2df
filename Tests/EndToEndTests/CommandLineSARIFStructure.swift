import Foundation
import XCTest

/// A structural check of a SARIF 2.1.0 log against the rules of the OASIS specification and its JSON
/// schema (sarif-schema-2.1.0.json) for the objects PureYAML writes: required properties, allowed
/// property names (the schema closes these objects with `additionalProperties: false`), enumerations,
/// 1-based regions, rule indexes, and URI base ids. Not a full schema validation.
enum SARIFStructure {
    struct Violation: Error, CustomStringConvertible {
        let path: String
        let problem: String
        var description: String { "SARIF \(path): \(problem)" }
    }

    static let logProperties: Set<String> = ["$schema", "version", "runs", "inlineExternalProperties", "properties"]
    static let runProperties: Set<String> = [
        "tool", "invocations", "conversion", "language", "versionControlProvenance", "originalUriBaseIds",
        "artifacts", "logicalLocations", "graphs", "results", "automationDetails", "runAggregates",
        "baselineGuid", "redactionTokens", "defaultEncoding", "defaultSourceLanguage", "newlineSequences",
        "columnKind", "externalPropertyFileReferences", "threadFlowLocations", "taxonomies", "addresses",
        "translations", "policies", "webRequests", "webResponses", "specialLocations", "properties",
    ]
    static let toolProperties: Set<String> = ["driver", "extensions", "properties"]
    static let toolComponentProperties: Set<String> = [
        "guid", "name", "organization", "product", "productSuite", "shortDescription", "fullDescription",
        "fullName", "version", "semanticVersion", "dottedQuadFileVersion", "releaseDateUtc", "downloadUri",
        "informationUri", "globalMessageStrings", "notifications", "rules", "taxa", "locations", "language",
        "contents", "isComprehensive", "localizedDataSemanticVersion",
        "minimumRequiredLocalizedDataSemanticVersion", "associatedComponent", "translationMetadata",
        "supportedTaxonomies", "properties",
    ]
    static let reportingDescriptorProperties: Set<String> = [
        "id", "deprecatedIds", "guid", "deprecatedGuids", "name", "deprecatedNames", "shortDescription",
        "fullDescription", "messageStrings", "defaultConfiguration", "helpUri", "help", "relationships",
        "properties",
    ]
    static let multiformatMessageProperties: Set<String> = ["text", "markdown", "properties"]
    static let messageProperties: Set<String> = ["text", "markdown", "id", "arguments", "properties"]
    static let resultProperties: Set<String> = [
        "ruleId", "ruleIndex", "rule", "kind", "level", "message", "analysisTarget", "locations", "guid",
        "correlationGuid", "occurrenceCount", "partialFingerprints", "fingerprints", "stacks", "codeFlows",
        "graphs", "graphTraversals", "relatedLocations", "suppressions", "baselineState", "rank",
        "attachments", "hostedViewerUri", "workItemUris", "provenance", "fixes", "taxa", "webRequest",
        "webResponse", "properties",
    ]
    static let locationProperties: Set<String> = [
        "id", "physicalLocation", "logicalLocations", "message", "annotations", "relationships", "properties",
    ]
    static let physicalLocationProperties: Set<String> = ["address", "artifactLocation", "region", "contextRegion", "properties"]
    static let artifactLocationProperties: Set<String> = ["uri", "uriBaseId", "index", "description", "properties"]
    static let regionProperties: Set<String> = [
        "startLine", "startColumn", "endLine", "endColumn", "charOffset", "charLength", "byteOffset",
        "byteLength", "snippet", "message", "sourceLanguage", "properties",
    ]

    /// Parses `text` as a SARIF log and checks it; returns the log object.
    @discardableResult
    static func validate(_ text: String) throws -> [String: Any] {
        let any = try JSONSerialization.jsonObject(with: Data(text.utf8))
        let log = try object(any, "$", allowed: logProperties, required: ["version", "runs"])
        guard log["version"] as? String == "2.1.0" else { throw Violation(path: "$.version", problem: "must be \"2.1.0\"") }
        if let schema = log["$schema"] { try absoluteURI(schema, "$.$schema") }
        let runs = try array(log["runs"], "$.runs")
        for (r, runValue) in runs.enumerated() {
            let path = "$.runs[\(r)]"
            let run = try object(runValue, path, allowed: runProperties, required: ["tool"])
            let tool = try object(run["tool"], path + ".tool", allowed: toolProperties, required: ["driver"])
            let driver = try object(tool["driver"], path + ".tool.driver", allowed: toolComponentProperties, required: ["name"])
            try nonEmptyString(driver["name"], path + ".tool.driver.name")
            if let uri = driver["informationUri"] { try absoluteURI(uri, path + ".tool.driver.informationUri") }
            var ruleIDs: [String] = []
            for (i, ruleValue) in try array(driver["rules"] ?? [Any](), path + ".tool.driver.rules").enumerated() {
                let rulePath = path + ".tool.driver.rules[\(i)]"
                let rule = try object(ruleValue, rulePath, allowed: reportingDescriptorProperties, required: ["id"])
                ruleIDs.append(try nonEmptyString(rule["id"], rulePath + ".id"))
                if let d = rule["shortDescription"] {
                    let description = try object(d, rulePath + ".shortDescription", allowed: multiformatMessageProperties, required: ["text"])
                    try nonEmptyString(description["text"], rulePath + ".shortDescription.text")
                }
            }
            guard Set(ruleIDs).count == ruleIDs.count else { throw Violation(path: path, problem: "duplicate rule ids \(ruleIDs)") }
            if let kind = run["columnKind"], !["utf16CodeUnits", "unicodeCodePoints"].contains(kind as? String ?? "") {
                throw Violation(path: path + ".columnKind", problem: "unknown value \(kind)")
            }
            var baseIDs: Set<String> = []
            if let bases = run["originalUriBaseIds"] {
                guard let bases = bases as? [String: Any] else { throw Violation(path: path + ".originalUriBaseIds", problem: "not an object") }
                for (id, value) in bases {
                    let base = try object(value, path + ".originalUriBaseIds." + id, allowed: artifactLocationProperties, required: ["uri"])
                    // §3.14.14: a base id's URI is absolute (or itself based) and ends with a slash.
                    let uri = try absoluteURI(base["uri"] as Any, path + ".originalUriBaseIds." + id + ".uri")
                    guard uri.hasSuffix("/") else { throw Violation(path: path + ".originalUriBaseIds." + id, problem: "uri must end with /") }
                    baseIDs.insert(id)
                }
            }
            for (i, resultValue) in try array(run["results"] ?? [Any](), path + ".results").enumerated() {
                let resultPath = path + ".results[\(i)]"
                let result = try object(resultValue, resultPath, allowed: resultProperties, required: ["message"])
                let message = try object(result["message"], resultPath + ".message", allowed: messageProperties, required: ["text"])
                try nonEmptyString(message["text"], resultPath + ".message.text")
                if let level = result["level"], !["none", "note", "warning", "error"].contains(level as? String ?? "") {
                    throw Violation(path: resultPath + ".level", problem: "unknown level \(level)")
                }
                let ruleID = try nonEmptyString(result["ruleId"], resultPath + ".ruleId")
                if let index = result["ruleIndex"] {
                    guard let index = index as? Int, ruleIDs.indices.contains(index), ruleIDs[index] == ruleID else {
                        throw Violation(path: resultPath + ".ruleIndex", problem: "does not point at rule \(ruleID)")
                    }
                }
                for (l, locationValue) in try array(result["locations"] ?? [Any](), resultPath + ".locations").enumerated() {
                    try checkLocation(locationValue, resultPath + ".locations[\(l)]", baseIDs: baseIDs)
                }
            }
        }
        return log
    }

    private static func checkLocation(_ value: Any, _ path: String, baseIDs: Set<String>) throws {
        let location = try object(value, path, allowed: locationProperties, required: [])
        let physical = try object(location["physicalLocation"], path + ".physicalLocation",
                                  allowed: physicalLocationProperties, required: ["artifactLocation"])
        let artifact = try object(physical["artifactLocation"], path + ".physicalLocation.artifactLocation",
                                  allowed: artifactLocationProperties, required: ["uri"])
        let uri = try nonEmptyString(artifact["uri"], path + ".artifactLocation.uri")
        guard let parsed = URL(string: uri), !uri.contains(" ") else {
            throw Violation(path: path + ".artifactLocation.uri", problem: "not a URI reference: \(uri)")
        }
        if let base = artifact["uriBaseId"] {
            guard let base = base as? String, baseIDs.contains(base) else {
                throw Violation(path: path + ".artifactLocation.uriBaseId", problem: "not declared in originalUriBaseIds")
            }
            guard parsed.scheme == nil else { throw Violation(path: path, problem: "a based URI must be relative: \(uri)") }
        } else if parsed.scheme == nil {
            throw Violation(path: path, problem: "a relative URI needs a uriBaseId: \(uri)")
        }
        guard let regionValue = physical["region"] else { return }
        let region = try object(regionValue, path + ".region", allowed: regionProperties, required: ["startLine"])
        func positive(_ key: String) throws -> Int? {
            guard let v = region[key] else { return nil }
            guard let i = v as? Int, i >= 1 else { throw Violation(path: path + ".region." + key, problem: "must be an integer >= 1") }
            return i
        }
        let startLine = try positive("startLine") ?? 0
        let startColumn = try positive("startColumn") ?? 1
        let endLine = try positive("endLine") ?? startLine
        let endColumn = try positive("endColumn")
        guard endLine >= startLine else { throw Violation(path: path + ".region", problem: "ends before it starts") }
        if endLine == startLine, let endColumn, endColumn < startColumn {
            throw Violation(path: path + ".region", problem: "endColumn before startColumn")
        }
    }

    private static func object(_ value: Any?, _ path: String, allowed: Set<String>, required: Set<String>) throws -> [String: Any] {
        guard let o = value as? [String: Any] else { throw Violation(path: path, problem: "not an object") }
        let unknown = Set(o.keys).subtracting(allowed)
        guard unknown.isEmpty else { throw Violation(path: path, problem: "properties not in SARIF 2.1.0: \(unknown.sorted())") }
        let missing = required.subtracting(o.keys)
        guard missing.isEmpty else { throw Violation(path: path, problem: "missing required \(missing.sorted())") }
        return o
    }

    private static func array(_ value: Any?, _ path: String) throws -> [Any] {
        guard let a = value as? [Any] else { throw Violation(path: path, problem: "not an array") }
        return a
    }

    @discardableResult
    private static func nonEmptyString(_ value: Any?, _ path: String) throws -> String {
        guard let s = value as? String, !s.isEmpty else { throw Violation(path: path, problem: "not a non-empty string") }
        return s
    }

    @discardableResult
    private static func absoluteURI(_ value: Any, _ path: String) throws -> String {
        guard let s = value as? String, let url = URL(string: s), url.scheme != nil else {
            throw Violation(path: path, problem: "not an absolute URI: \(value)")
        }
        return s
    }
}
