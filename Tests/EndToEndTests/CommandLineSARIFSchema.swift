/// The SARIF 2.1.0 JSON schema (OASIS, errata 01: the `id` below), as published in
/// oasis-tcs/sarif-spec `Schemata/sarif-schema-2.1.0.json`, with its `description` annotations left out
/// to keep the file short. Every validation keyword (types, `required`, `additionalProperties`, `enum`,
/// `minimum`, `pattern`, `format`, `anyOf`/`oneOf`, `uniqueItems`, `$ref`) and every definition is kept as
/// published; descriptions do not take part in validation (JSON Schema draft 4 §6).
enum CommandLineSARIFSchema {
    static let text = #"""
{
  "$schema": "http://json-schema.org/draft-04/schema#",
  "title": "Static Analysis Results Format (SARIF) Version 2.1.0 JSON Schema",
  "id": "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json",
  "additionalProperties": false,
  "type": "object",
  "properties": {
    "$schema": { "type": "string", "format": "uri" },
    "version": { "enum": [ "2.1.0" ], "type": "string" },
    "runs": { "type": [ "array", "null" ], "minItems": 0, "uniqueItems": false, "items": { "$ref": "#/definitions/run" } },
    "inlineExternalProperties": { "type": "array", "minItems": 0, "uniqueItems": true, "items": { "$ref": "#/definitions/externalProperties" } },
    "properties": { "$ref": "#/definitions/propertyBag" }
  },
  "required": [ "version", "runs" ],
  "definitions": {
    "address": {
      "additionalProperties": false, "type": "object",
      "properties": {
        "absoluteAddress": { "type": "integer", "minimum": -1, "default": -1 },
        "relativeAddress": { "type": "integer" },
        "length": { "type": "integer" },
        "kind": { "type": "string" },
        "name": { "type": "string" },
        "fullyQualifiedName": { "type": "string" },
        "offsetFromParent": { "type": "integer" },
        "index": { "type": "integer", "default": -1, "minimum": -1 },
        "parentIndex": { "type": "integer", "default": -1, "minimum": -1 },
        "properties": { "$ref": "#/definitions/propertyBag" }
      }
    },
    "artifact": {
      "additionalProperties": false, "type": "object",
      "properties": {
        "description": { "$ref": "#/definitions/message" },
        "location": { "$ref": "#/definitions/artifactLocation" },
        "parentIndex": { "type": "integer", "default": -1, "minimum": -1 },
        "offset": { "type": "integer", "minimum": 0 },
        "length": { "type": "integer", "default": -1, "minimum": -1 },
        "roles": {
          "type": "array", "minItems": 0, "uniqueItems": true, "default": [],
          "items": {
            "enum": [ "analysisTarget", "attachment", "responseFile", "resultFile", "standardStream", "tracedFile",
                      "unmodified", "modified", "added", "deleted", "renamed", "uncontrolled", "driver", "extension",
                      "translation", "taxonomy", "policy", "referencedOnCommandLine", "memoryContents", "directory",
                      "userSpecifiedConfiguration", "toolSpecifiedConfiguration", "debugOutputFile" ],
            "type": "string"
          }
        },
        "mimeType": { "type": "string", "pattern": "[^/]+/.+" },
        "contents": { "$ref": "#/definitions/artifactContent" },
        "encoding": { "type": "string" },
        "sourceLanguage": { "type": "string" },
        "hashes": { "type": "object", "additionalProperties": { "type": "string" } },
        "lastModifiedTimeUtc": { "type": "string", "format": "date-time" },
        "properties": { "$ref": "#/definitions/propertyBag" }
      }
    },
    "artifactChange": {
      "additionalProperties": false, "type": "object",
      "properties": {
        "artifactLocation": { "$ref": "#/definitions/artifactLocation" },
        "replacements": { "type": "array", "minItems": 1, "uniqueItems": false, "items": { "$ref": "#/definitions/replacement" } },
        "properties": { "$ref": "#/definitions/propertyBag" }
      },
      "required": [ "artifactLocation", "replacements" ]
    },
    "artifactContent": {
      "type": "object", "additionalProperties": false,
      "properties": {
        "text": { "type": "string" },
        "binary": { "type": "string" },
        "rendered": { "$ref": "#/definitions/multiformatMessageString" },
        "properties": { "$ref": "#/definitions/propertyBag" }
      }
    },
    "artifactLocation": {
      "additionalProperties": false, "type": "object",
      "properties": {
        "uri": { "type": "string", "format": "uri-reference" },
        "uriBaseId": { "type": "string" },
        "index": { "type": "integer", "default": -1, "minimum": -1 },
        "description": { "$ref": "#/definitions/message" },
        "properties": { "$ref": "#/definitions/propertyBag" }
      }
    },
    "attachment": {
      "type": "object", "additionalProperties": false,
      "properties": {
        "description": { "$ref": "#/definitions/message" },
        "artifactLocation": { "$ref": "#/definitions/artifactLocation" },
        "regions": { "type": "array", "minItems": 0, "uniqueItems": true, "default": [], "items": { "$ref": "#/definitions/region" } },
        "rectangles": { "type": "array", "minItems": 0, "uniqueItems": true, "default": [], "items": { "$ref": "#/definitions/rectangle" } },
        "properties": { "$ref": "#/definitions/propertyBag" }
      },
      "required": [ "artifactLocation" ]
    },
    "codeFlow": {
      "additionalProperties": false, "type": "object",
      "properties": {
        "message": { "$ref": "#/definitions/message" },
        "threadFlows": { "type": "array", "minItems": 1, "uniqueItems": false, "items": { "$ref": "#/definitions/threadFlow" } },
        "properties": { "$ref": "#/definitions/propertyBag" }
      },
      "required": [ "threadFlows" ]
    },
    "configurationOverride": {
      "type": "object", "additionalProperties": false,
      "properties": {
        "configuration": { "$ref": "#/definitions/reportingConfiguration" },
        "descriptor": { "$ref": "#/definitions/reportingDescriptorReference" },
        "properties": { "$ref": "#/definitions/propertyBag" }
      },
      "required": [ "configuration", "descriptor" ]
    },
    "conversion": {
      "additionalProperties": false, "type": "object",
      "properties": {
        "tool": { "$ref": "#/definitions/tool" },
        "invocation": { "$ref": "#/definitions/invocation" },
        "analysisToolLogFiles": { "type": "array", "minItems": 0, "uniqueItems": true, "default": [], "items": { "$ref": "#/definitions/artifactLocation" } },
        "properties": { "$ref": "#/definitions/propertyBag" }
      },
      "required": [ "tool" ]
    },
    "edge": {
      "type": "object", "additionalProperties": false,
      "properties": {
        "id": { "type": "string" },
        "label": { "$ref": "#/definitions/message" },
        "sourceNodeId": { "type": "string" },
        "targetNodeId": { "type": "string" },
        "properties": { "$ref": "#/definitions/propertyBag" }
      },
      "required": [ "id", "sourceNodeId", "targetNodeId" ]
    },
    "edgeTraversal": {
      "type": "object", "additionalProperties": false,
      "properties": {
        "edgeId": { "type": "string" },
        "message": { "$ref": "#/definitions/message" },
        "finalState": { "type": "object", "additionalProperties": { "$ref": "#/definitions/multiformatMessageString" } },
        "stepOverEdgeCount": { "type": "integer", "minimum": 0 },
        "properties": { "$ref": "#/definitions/propertyBag" }
      },
      "required": [ "edgeId" ]
    },
    "exception": {
      "type": "object", "additionalProperties": false,
      "properties": {
        "kind": { "type": "string" },
        "message": { "type": "string" },
        "stack": { "$ref": "#/definitions/stack" },
        "innerExceptions": { "type": "array", "minItems": 0, "uniqueItems": false, "default": [], "items": { "$ref": "#/definitions/exception" } },
        "properties": { "$ref": "#/definitions/propertyBag" }
      }
    },
    "externalProperties": {
      "type": "object", "additionalProperties": false,
      "properties": {
        "schema": { "type": "string", "format": "uri" },
        "version": { "enum": [ "2.1.0" ], "type": "string" },
        "guid": { "type": "string", "pattern": "^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-5][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}$" },
        "runGuid": { "type": "string", "pattern": "^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-5][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}$" },
        "conversion": { "$ref": "#/definitions/conversion" },
        "graphs": { "type": "array", "minItems": 0, "default": [], "uniqueItems": true, "items": { "$ref": "#/definitions/graph" } },
        "externalizedProperties": { "$ref": "#/definitions/propertyBag" },
        "artifacts": { "type": "array", "minItems": 0, "uniqueItems": true, "items": { "$ref": "#/definitions/artifact" } },
        "invocations": { "type": "array", "minItems": 0, "uniqueItems": false, "default": [], "items": { "$ref": "#/definitions/invocation" } },
        "logicalLocations": { "type": "array", "minItems": 0, "uniqueItems": true, "default": [], "items": { "$ref": "#/definitions/logicalLocation" } },
        "threadFlowLocations": { "type": "array", "minItems": 0, "uniqueItems": true, "default": [], "items": { "$ref": "#/definitions/threadFlowLocation" } },
        "results": { "type": "array", "minItems": 0, "uniqueItems": false, "default": [], "items": { "$ref": "#/definitions/result" } },
        "taxonomies": { "type": "array", "minItems": 0, "uniqueItems": true, "default": [], "items": { "$ref": "#/definitions/toolComponent" } },
        "driver": { "$ref": "#/definitions/toolComponent" },
        "extensions": { "type": "array", "minItems": 0, "uniqueItems": true, "default": [], "items": { "$ref": "#/definitions/toolComponent" } },
        "policies": { "type": "array", "minItems": 0, "uniqueItems": true, "default": [], "items": { "$ref": "#/definitions/toolComponent" } },
        "translations": { "type": "array", "minItems": 0, "uniqueItems": true, "default": [], "items": { "$ref": "#/definitions/toolComponent" } },
        "addresses": { "type": "array", "minItems": 0, "uniqueItems": false, "default": [], "items": { "$ref": "#/definitions/address" } },
        "webRequests": { "type": "array", "minItems": 0, "uniqueItems": true, "default": [], "items": { "$ref": "#/definitions/webRequest" } },
        "webResponses": { "type": "array", "minItems": 0, "uniqueItems": true, "default": [], "items": { "$ref": "#/definitions/webResponse" } },
        "properties": { "$ref": "#/definitions/propertyBag" }
      }
    },
    "externalPropertyFileReference": {
      "type": "object", "additionalProperties": false,
      "properties": {
        "location": { "$ref": "#/definitions/artifactLocation" },
        "guid": { "type": "string", "pattern": "^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-5][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}$" },
        "itemCount": { "type": "integer", "default": -1, "minimum": -1 },
        "properties": { "$ref": "#/definitions/propertyBag" }
      },
      "anyOf": [ { "required": [ "location" ] }, { "required": [ "guid" ] } ]
    },
    "externalPropertyFileReferences": {
      "additionalProperties": false, "type": "object",
      "properties": {
        "conversion": { "$ref": "#/definitions/externalPropertyFileReference" },
        "graphs": { "type": "array", "minItems": 0, "uniqueItems": true, "default": [], "items": { "$ref": "#/definitions/externalPropertyFileReference" } },
        "externalizedProperties": { "$ref": "#/definitions/externalPropertyFileReference" },
        "artifacts": { "type": "array", "minItems": 0, "uniqueItems": true, "default": [], "items": { "$ref": "#/definitions/externalPropertyFileReference" } },
        "invocations": { "type": "array", "minItems": 0, "uniqueItems": true, "default": [], "items": { "$ref": "#/definitions/externalPropertyFileReference" } },
        "logicalLocations": { "type": "array", "minItems": 0, "uniqueItems": true, "default": [], "items": { "$ref": "#/definitions/externalPropertyFileReference" } },
        "threadFlowLocations": { "type": "array", "minItems": 0, "uniqueItems": true, "default": [], "items": { "$ref": "#/definitions/externalPropertyFileReference" } },
        "results": { "type": "array", "minItems": 0, "uniqueItems": true, "default": [], "items": { "$ref": "#/definitions/externalPropertyFileReference" } },
        "taxonomies": { "type": "array", "minItems": 0, "uniqueItems": true, "default": [], "items": { "$ref": "#/definitions/externalPropertyFileReference" } },
        "addresses": { "type": "array", "minItems": 0, "uniqueItems": true, "default": [], "items": { "$ref": "#/definitions/externalPropertyFileReference" } },
        "driver": { "$ref": "#/definitions/externalPropertyFileReference" },
        "extensions": { "type": "array", "minItems": 0, "uniqueItems": true, "default": [], "items": { "$ref": "#/definitions/externalPropertyFileReference" } },
        "policies": { "type": "array", "minItems": 0, "uniqueItems": true, "default": [], "items": { "$ref": "#/definitions/externalPropertyFileReference" } },
        "translations": { "type": "array", "minItems": 0, "uniqueItems": true, "default": [], "items": { "$ref": "#/definitions/externalPropertyFileReference" } },
        "webRequests": { "type": "array", "minItems": 0, "uniqueItems": true, "default": [], "items": { "$ref": "#/definitions/externalPropertyFileReference" } },
        "webResponses": { "type": "array", "minItems": 0, "uniqueItems": true, "default": [], "items": { "$ref": "#/definitions/externalPropertyFileReference" } },
        "properties": { "$ref": "#/definitions/propertyBag" }
      }
    },
    "fix": {
      "additionalProperties": false, "type": "object",
      "properties": {
        "description": { "$ref": "#/definitions/message" },
        "artifactChanges": { "type": "array", "minItems": 1, "uniqueItems": true, "items": { "$ref": "#/definitions/artifactChange" } },
        "properties": { "$ref": "#/definitions/propertyBag" }
      },
      "required": [ "artifactChanges" ]
    },
    "graph": {
      "type": "object", "additionalProperties": false,
      "properties": {
        "description": { "$ref": "#/definitions/message" },
        "nodes": { "type": "array", "minItems": 0, "uniqueItems": true, "default": [], "items": { "$ref": "#/definitions/node" } },
        "edges": { "type": "array", "minItems": 0, "uniqueItems": true, "default": [], "items": { "$ref": "#/definitions/edge" } },
        "properties": { "$ref": "#/definitions/propertyBag" }
      }
    },
    "graphTraversal": {
      "type": "object", "additionalProperties": false,
      "properties": {
        "runGraphIndex": { "type": "integer", "default": -1, "minimum": -1 },
        "resultGraphIndex": { "type": "integer", "default": -1, "minimum": -1 },
        "description": { "$ref": "#/definitions/message" },
        "initialState": { "type": "object", "additionalProperties": { "$ref": "#/definitions/multiformatMessageString" } },
        "immutableState": { "type": "object", "additionalProperties": { "$ref": "#/definitions/multiformatMessageString" } },
        "edgeTraversals": { "type": "array", "minItems": 0, "uniqueItems": false, "default": [], "items": { "$ref": "#/definitions/edgeTraversal" } },
        "properties": { "$ref": "#/definitions/propertyBag" }
      },
      "oneOf": [ { "required": [ "runGraphIndex" ] }, { "required": [ "resultGraphIndex" ] } ]
    },
    "invocation": {
      "additionalProperties": false, "type": "object",
      "properties": {
        "commandLine": { "type": "string" },
        "arguments": { "type": "array", "minItems": 0, "uniqueItems": false, "items": { "type": "string" } },
        "responseFiles": { "type": "array", "minItems": 0, "uniqueItems": true, "items": { "$ref": "#/definitions/artifactLocation" } },
        "startTimeUtc": { "type": "string", "format": "date-time" },
        "endTimeUtc": { "type": "string", "format": "date-time" },
        "exitCode": { "type": "integer" },
        "ruleConfigurationOverrides": { "type": "array", "minItems": 0, "default": [], "uniqueItems": true, "items": { "$ref": "#/definitions/configurationOverride" } },
        "notificationConfigurationOverrides": { "type": "array", "minItems": 0, "default": [], "uniqueItems": true, "items": { "$ref": "#/definitions/configurationOverride" } },
        "toolExecutionNotifications": { "type": "array", "minItems": 0, "uniqueItems": false, "default": [], "items": { "$ref": "#/definitions/notification" } },
        "toolConfigurationNotifications": { "type": "array", "minItems": 0, "uniqueItems": false, "default": [], "items": { "$ref": "#/definitions/notification" } },
        "exitCodeDescription": { "type": "string" },
        "exitSignalName": { "type": "string" },
        "exitSignalNumber": { "type": "integer" },
        "processStartFailureMessage": { "type": "string" },
        "executionSuccessful": { "type": "boolean" },
        "machine": { "type": "string" },
        "account": { "type": "string" },
        "processId": { "type": "integer" },
        "executableLocation": { "$ref": "#/definitions/artifactLocation" },
        "workingDirectory": { "$ref": "#/definitions/artifactLocation" },
        "environmentVariables": { "type": "object", "additionalProperties": { "type": "string" } },
        "stdin": { "$ref": "#/definitions/artifactLocation" },
        "stdout": { "$ref": "#/definitions/artifactLocation" },
        "stderr": { "$ref": "#/definitions/artifactLocation" },
        "stdoutStderr": { "$ref": "#/definitions/artifactLocation" },
        "properties": { "$ref": "#/definitions/propertyBag" }
      },
      "required": [ "executionSuccessful" ]
    },
    "location": {
      "additionalProperties": false, "type": "object",
      "properties": {
        "id": { "type": "integer", "minimum": -1, "default": -1 },
        "physicalLocation": { "$ref": "#/definitions/physicalLocation" },
        "logicalLocations": { "type": "array", "minItems": 0, "uniqueItems": true, "default": [], "items": { "$ref": "#/definitions/logicalLocation" } },
        "message": { "$ref": "#/definitions/message" },
        "annotations": { "type": "array", "minItems": 0, "uniqueItems": true, "default": [], "items": { "$ref": "#/definitions/region" } },
        "relationships": { "type": "array", "default": [], "minItems": 0, "uniqueItems": true, "items": { "$ref": "#/definitions/locationRelationship" } },
        "properties": { "$ref": "#/definitions/propertyBag" }
      }
    },
    "locationRelationship": {
      "type": "object", "additionalProperties": false,
      "properties": {
        "target": { "type": "integer", "minimum": 0 },
        "kinds": { "type": "array", "default": [ "relevant" ], "uniqueItems": true, "items": { "type": "string" } },
        "description": { "$ref": "#/definitions/message" },
        "properties": { "$ref": "#/definitions/propertyBag" }
      },
      "required": [ "target" ]
    },
    "logicalLocation": {
      "additionalProperties": false, "type": "object",
      "properties": {
        "name": { "type": "string" },
        "index": { "type": "integer", "default": -1, "minimum": -1 },
        "fullyQualifiedName": { "type": "string" },
        "decoratedName": { "type": "string" },
        "parentIndex": { "type": "integer", "default": -1, "minimum": -1 },
        "kind": { "type": "string" },
        "properties": { "$ref": "#/definitions/propertyBag" }
      }
    },
    "message": {
      "type": "object", "additionalProperties": false,
      "properties": {
        "text": { "type": "string" },
        "markdown": { "type": "string" },
        "id": { "type": "string" },
        "arguments": { "type": "array", "minItems": 0, "uniqueItems": false, "default": [], "items": { "type": "string" } },
        "properties": { "$ref": "#/definitions/propertyBag" }
      },
      "anyOf": [ { "required": [ "text" ] }, { "required": [ "id" ] } ]
    },
    "multiformatMessageString": {
      "type": "object", "additionalProperties": false,
      "properties": {
        "text": { "type": "string" },
        "markdown": { "type": "string" },
        "properties": { "$ref": "#/definitions/propertyBag" }
      },
      "required": [ "text" ]
    },
    "node": {
      "type": "object", "additionalProperties": false,
      "properties": {
        "id": { "type": "string" },
        "label": { "$ref": "#/definitions/message" },
        "location": { "$ref": "#/definitions/location" },
        "children": { "type": "array", "minItems": 0, "uniqueItems": true, "default": [], "items": { "$ref": "#/definitions/node" } },
        "properties": { "$ref": "#/definitions/propertyBag" }
      },
      "required": [ "id" ]
    },
    "notification": {
      "type": "object", "additionalProperties": false,
      "properties": {
        "locations": { "type": "array", "minItems": 0, "uniqueItems": true, "default": [], "items": { "$ref": "#/definitions/location" } },
        "message": { "$ref": "#/definitions/message" },
        "level": { "default": "warning", "enum": [ "none", "note", "warning", "error" ], "type": "string" },
        "threadId": { "type": "integer" },
        "timeUtc": { "type": "string", "format": "date-time" },
        "exception": { "$ref": "#/definitions/exception" },
        "descriptor": { "$ref": "#/definitions/reportingDescriptorReference" },
        "associatedRule": { "$ref": "#/definitions/reportingDescriptorReference" },
        "properties": { "$ref": "#/definitions/propertyBag" }
      },
      "required": [ "message" ]
    },
    "physicalLocation": {
      "additionalProperties": false, "type": "object",
      "properties": {
        "address": { "$ref": "#/definitions/address" },
        "artifactLocation": { "$ref": "#/definitions/artifactLocation" },
        "region": { "$ref": "#/definitions/region" },
        "contextRegion": { "$ref": "#/definitions/region" },
        "properties": { "$ref": "#/definitions/propertyBag" }
      },
      "anyOf": [ { "required": [ "address" ] }, { "required": [ "artifactLocation" ] } ]
    },
    "propertyBag": {
      "type": "object", "additionalProperties": true,
      "properties": {
        "tags": { "type": "array", "minItems": 0, "uniqueItems": true, "default": [], "items": { "type": "string" } }
      }
    },
    "rectangle": {
      "additionalProperties": false, "type": "object",
      "properties": {
        "top": { "type": "number" },
        "left": { "type": "number" },
        "bottom": { "type": "number" },
        "right": { "type": "number" },
        "message": { "$ref": "#/definitions/message" },
        "properties": { "$ref": "#/definitions/propertyBag" }
      }
    },
    "region": {
      "additionalProperties": false, "type": "object",
      "properties": {
        "startLine": { "type": "integer", "minimum": 1 },
        "startColumn": { "type": "integer", "minimum": 1 },
        "endLine": { "type": "integer", "minimum": 1 },
        "endColumn": { "type": "integer", "minimum": 1 },
        "charOffset": { "type": "integer", "default": -1, "minimum": -1 },
        "charLength": { "type": "integer", "minimum": 0 },
        "byteOffset": { "type": "integer", "default": -1, "minimum": -1 },
        "byteLength": { "type": "integer", "minimum": 0 },
        "snippet": { "$ref": "#/definitions/artifactContent" },
        "message": { "$ref": "#/definitions/message" },
        "sourceLanguage": { "type": "string" },
        "properties": { "$ref": "#/definitions/propertyBag" }
      },
      "anyOf": [ { "required": [ "startLine" ] }, { "required": [ "charOffset" ] }, { "required": [ "byteOffset" ] } ]
    },
    "replacement": {
      "additionalProperties": false, "type": "object",
      "properties": {
        "deletedRegion": { "$ref": "#/definitions/region" },
        "insertedContent": { "$ref": "#/definitions/artifactContent" },
        "properties": { "$ref": "#/definitions/propertyBag" }
      },
      "required": [ "deletedRegion" ]
    },
    "reportingDescriptor": {
      "additionalProperties": false, "type": "object",
      "properties": {
        "id": { "type": "string" },
        "deprecatedIds": { "type": "array", "minItems": 0, "uniqueItems": true, "items": { "type": "string" } },
        "guid": { "type": "string", "pattern": "^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-5][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}$" },
        "deprecatedGuids": { "type": "array", "minItems": 0, "uniqueItems": true, "items": { "type": "string", "pattern": "^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-5][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}$" } },
        "name": { "type": "string" },
        "deprecatedNames": { "type": "array", "minItems": 0, "uniqueItems": true, "items": { "type": "string" } },
        "shortDescription": { "$ref": "#/definitions/multiformatMessageString" },
        "fullDescription": { "$ref": "#/definitions/multiformatMessageString" },
        "messageStrings": { "type": "object", "additionalProperties": { "$ref": "#/definitions/multiformatMessageString" } },
        "defaultConfiguration": { "$ref": "#/definitions/reportingConfiguration" },
        "helpUri": { "type": "string", "format": "uri" },
        "help": { "$ref": "#/definitions/multiformatMessageString" },
        "relationships": { "type": "array", "default": [], "minItems": 0, "uniqueItems": true, "items": { "$ref": "#/definitions/reportingDescriptorRelationship" } },
        "properties": { "$ref": "#/definitions/propertyBag" }
      },
      "required": [ "id" ]
    },
    "reportingConfiguration": {
      "type": "object", "additionalProperties": false,
      "properties": {
        "enabled": { "type": "boolean", "default": true },
        "level": { "default": "warning", "enum": [ "none", "note", "warning", "error" ], "type": "string" },
        "rank": { "type": "number", "default": -1.0, "minimum": -1.0, "maximum": 100.0 },
        "parameters": { "$ref": "#/definitions/propertyBag" },
        "properties": { "$ref": "#/definitions/propertyBag" }
      }
    },
    "reportingDescriptorReference": {
      "type": "object", "additionalProperties": false,
      "properties": {
        "id": { "type": "string" },
        "index": { "type": "integer", "default": -1, "minimum": -1 },
        "guid": { "type": "string", "pattern": "^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-5][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}$" },
        "toolComponent": { "$ref": "#/definitions/toolComponentReference" },
        "properties": { "$ref": "#/definitions/propertyBag" }
      },
      "anyOf": [ { "required": [ "index" ] }, { "required": [ "guid" ] }, { "required": [ "id" ] } ]
    },
    "reportingDescriptorRelationship": {
      "type": "object", "additionalProperties": false,
      "properties": {
        "target": { "$ref": "#/definitions/reportingDescriptorReference" },
        "kinds": { "type": "array", "default": [ "relevant" ], "uniqueItems": true, "items": { "type": "string" } },
        "description": { "$ref": "#/definitions/message" },
        "properties": { "$ref": "#/definitions/propertyBag" }
      },
      "required": [ "target" ]
    },
    "result": {
      "additionalProperties": false, "type": "object",
      "properties": {
        "ruleId": { "type": "string" },
        "ruleIndex": { "type": "integer", "default": -1, "minimum": -1 },
        "rule": { "$ref": "#/definitions/reportingDescriptorReference" },
        "kind": { "default": "fail", "enum": [ "notApplicable", "pass", "fail", "review", "open", "informational" ], "type": "string" },
        "level": { "default": "warning", "enum": [ "none", "note", "warning", "error" ], "type": "string" },
        "message": { "$ref": "#/definitions/message" },
        "analysisTarget": { "$ref": "#/definitions/artifactLocation" },
        "locations": { "type": "array", "minItems": 0, "uniqueItems": false, "default": [], "items": { "$ref": "#/definitions/location" } },
        "guid": { "type": "string", "pattern": "^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-5][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}$" },
        "correlationGuid": { "type": "string", "pattern": "^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-5][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}$" },
        "occurrenceCount": { "type": "integer", "minimum": 1 },
        "partialFingerprints": { "type": "object", "additionalProperties": { "type": "string" } },
        "fingerprints": { "type": "object", "additionalProperties": { "type": "string" } },
        "stacks": { "type": "array", "minItems": 0, "uniqueItems": true, "default": [], "items": { "$ref": "#/definitions/stack" } },
        "codeFlows": { "type": "array", "minItems": 0, "uniqueItems": false, "default": [], "items": { "$ref": "#/definitions/codeFlow" } },
        "graphs": { "type": "array", "minItems": 0, "uniqueItems": true, "default": [], "items": { "$ref": "#/definitions/graph" } },
        "graphTraversals": { "type": "array", "minItems": 0, "uniqueItems": true, "default": [], "items": { "$ref": "#/definitions/graphTraversal" } },
        "relatedLocations": { "type": "array", "minItems": 0, "uniqueItems": true, "default": [], "items": { "$ref": "#/definitions/location" } },
        "suppressions": { "type": "array", "minItems": 0, "uniqueItems": true, "items": { "$ref": "#/definitions/suppression" } },
        "baselineState": { "enum": [ "new", "unchanged", "updated", "absent" ], "type": "string" },
        "rank": { "type": "number", "default": -1.0, "minimum": -1.0, "maximum": 100.0 },
        "attachments": { "type": "array", "minItems": 0, "uniqueItems": true, "default": [], "items": { "$ref": "#/definitions/attachment" } },
        "hostedViewerUri": { "type": "string", "format": "uri" },
        "workItemUris": { "type": "array", "minItems": 0, "uniqueItems": true, "items": { "type": "string", "format": "uri" } },
        "provenance": { "$ref": "#/definitions/resultProvenance" },
        "fixes": { "type": "array", "minItems": 0, "uniqueItems": true, "default": [], "items": { "$ref": "#/definitions/fix" } },
        "taxa": { "type": "array", "default": [], "minItems": 0, "uniqueItems": true, "items": { "$ref": "#/definitions/reportingDescriptorReference" } },
        "webRequest": { "$ref": "#/definitions/webRequest" },
        "webResponse": { "$ref": "#/definitions/webResponse" },
        "properties": { "$ref": "#/definitions/propertyBag" }
      },
      "required": [ "message" ]
    },
    "resultProvenance": {
      "additionalProperties": false, "type": "object",
      "properties": {
        "firstDetectionTimeUtc": { "type": "string", "format": "date-time" },
        "lastDetectionTimeUtc": { "type": "string", "format": "date-time" },
        "firstDetectionRunGuid": { "type": "string", "pattern": "^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-5][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}$" },
        "lastDetectionRunGuid": { "type": "string", "pattern": "^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-5][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}$" },
        "invocationIndex": { "type": "integer", "default": -1, "minimum": -1 },
        "conversionSources": { "type": "array", "minItems": 0, "uniqueItems": true, "default": [], "items": { "$ref": "#/definitions/physicalLocation" } },
        "properties": { "$ref": "#/definitions/propertyBag" }
      }
    },
    "run": {
      "additionalProperties": false, "type": "object",
      "properties": {
        "tool": { "$ref": "#/definitions/tool" },
        "invocations": { "type": "array", "minItems": 0, "uniqueItems": false, "default": [], "items": { "$ref": "#/definitions/invocation" } },
        "conversion": { "$ref": "#/definitions/conversion" },
        "language": { "type": "string", "default": "en-US", "pattern": "^[a-zA-Z]{2}(-[a-zA-Z]{2})?$" },
        "versionControlProvenance": { "type": "array", "minItems": 0, "uniqueItems": true, "default": [], "items": { "$ref": "#/definitions/versionControlDetails" } },
        "originalUriBaseIds": { "type": "object", "additionalProperties": { "$ref": "#/definitions/artifactLocation" } },
        "artifacts": { "type": "array", "minItems": 0, "uniqueItems": true, "items": { "$ref": "#/definitions/artifact" } },
        "logicalLocations": { "type": "array", "minItems": 0, "uniqueItems": true, "default": [], "items": { "$ref": "#/definitions/logicalLocation" } },
        "graphs": { "type": "array", "minItems": 0, "uniqueItems": true, "default": [], "items": { "$ref": "#/definitions/graph" } },
        "results": { "type": "array", "minItems": 0, "uniqueItems": false, "items": { "$ref": "#/definitions/result" } },
        "automationDetails": { "$ref": "#/definitions/runAutomationDetails" },
        "runAggregates": { "type": "array", "minItems": 0, "uniqueItems": true, "default": [], "items": { "$ref": "#/definitions/runAutomationDetails" } },
        "baselineGuid": { "type": "string", "pattern": "^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-5][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}$" },
        "redactionTokens": { "type": "array", "minItems": 0, "uniqueItems": true, "default": [], "items": { "type": "string" } },
        "defaultEncoding": { "type": "string" },
        "defaultSourceLanguage": { "type": "string" },
        "newlineSequences": { "type": "array", "minItems": 1, "uniqueItems": true, "default": [ "\r\n", "\n" ], "items": { "type": "string" } },
        "columnKind": { "enum": [ "utf16CodeUnits", "unicodeCodePoints" ], "type": "string" },
        "externalPropertyFileReferences": { "$ref": "#/definitions/externalPropertyFileReferences" },
        "threadFlowLocations": { "type": "array", "minItems": 0, "uniqueItems": true, "default": [], "items": { "$ref": "#/definitions/threadFlowLocation" } },
        "taxonomies": { "type": "array", "minItems": 0, "uniqueItems": true, "default": [], "items": { "$ref": "#/definitions/toolComponent" } },
        "addresses": { "type": "array", "minItems": 0, "uniqueItems": false, "default": [], "items": { "$ref": "#/definitions/address" } },
        "translations": { "type": "array", "minItems": 0, "uniqueItems": true, "default": [], "items": { "$ref": "#/definitions/toolComponent" } },
        "policies": { "type": "array", "minItems": 0, "uniqueItems": true, "default": [], "items": { "$ref": "#/definitions/toolComponent" } },
        "webRequests": { "type": "array", "minItems": 0, "uniqueItems": true, "default": [], "items": { "$ref": "#/definitions/webRequest" } },
        "webResponses": { "type": "array", "minItems": 0, "uniqueItems": true, "default": [], "items": { "$ref": "#/definitions/webResponse" } },
        "specialLocations": { "$ref": "#/definitions/specialLocations" },
        "properties": { "$ref": "#/definitions/propertyBag" }
      },
      "required": [ "tool" ]
    },
    "runAutomationDetails": {
      "additionalProperties": false, "type": "object",
      "properties": {
        "description": { "$ref": "#/definitions/message" },
        "id": { "type": "string" },
        "guid": { "type": "string", "pattern": "^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-5][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}$" },
        "correlationGuid": { "type": "string", "pattern": "^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-5][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}$" },
        "properties": { "$ref": "#/definitions/propertyBag" }
      }
    },
    "specialLocations": {
      "type": "object", "additionalProperties": false,
      "properties": {
        "displayBase": { "$ref": "#/definitions/artifactLocation" },
        "properties": { "$ref": "#/definitions/propertyBag" }
      }
    },
    "stack": {
      "additionalProperties": false, "type": "object",
      "properties": {
        "message": { "$ref": "#/definitions/message" },
        "frames": { "type": "array", "minItems": 0, "uniqueItems": false, "items": { "$ref": "#/definitions/stackFrame" } },
        "properties": { "$ref": "#/definitions/propertyBag" }
      },
      "required": [ "frames" ]
    },
    "stackFrame": {
      "additionalProperties": false, "type": "object",
      "properties": {
        "location": { "$ref": "#/definitions/location" },
        "module": { "type": "string" },
        "threadId": { "type": "integer" },
        "parameters": { "type": "array", "minItems": 0, "uniqueItems": false, "default": [], "items": { "type": "string", "default": [] } },
        "properties": { "$ref": "#/definitions/propertyBag" }
      }
    },
    "suppression": {
      "additionalProperties": false, "type": "object",
      "properties": {
        "guid": { "type": "string", "pattern": "^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-5][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}$" },
        "kind": { "enum": [ "inSource", "external" ], "type": "string" },
        "status": { "enum": [ "accepted", "underReview", "rejected" ], "type": "string" },
        "justification": { "type": "string" },
        "location": { "$ref": "#/definitions/location" },
        "properties": { "$ref": "#/definitions/propertyBag" }
      },
      "required": [ "kind" ]
    },
    "threadFlow": {
      "type": "object", "additionalProperties": false,
      "properties": {
        "id": { "type": "string" },
        "message": { "$ref": "#/definitions/message" },
        "initialState": { "type": "object", "additionalProperties": { "$ref": "#/definitions/multiformatMessageString" } },
        "immutableState": { "type": "object", "additionalProperties": { "$ref": "#/definitions/multiformatMessageString" } },
        "locations": { "type": "array", "minItems": 1, "uniqueItems": false, "items": { "$ref": "#/definitions/threadFlowLocation" } },
        "properties": { "$ref": "#/definitions/propertyBag" }
      },
      "required": [ "locations" ]
    },
    "threadFlowLocation": {
      "additionalProperties": false, "type": "object",
      "properties": {
        "index": { "type": "integer", "default": -1, "minimum": -1 },
        "location": { "$ref": "#/definitions/location" },
        "stack": { "$ref": "#/definitions/stack" },
        "kinds": { "type": "array", "minItems": 0, "uniqueItems": true, "default": [], "items": { "type": "string" } },
        "taxa": { "type": "array", "default": [], "minItems": 0, "uniqueItems": true, "items": { "$ref": "#/definitions/reportingDescriptorReference" } },
        "module": { "type": "string" },
        "state": { "type": "object", "additionalProperties": { "$ref": "#/definitions/multiformatMessageString" } },
        "nestingLevel": { "type": "integer", "minimum": 0 },
        "executionOrder": { "type": "integer", "default": -1, "minimum": -1 },
        "executionTimeUtc": { "type": "string", "format": "date-time" },
        "importance": { "enum": [ "important", "essential", "unimportant" ], "default": "important", "type": "string" },
        "webRequest": { "$ref": "#/definitions/webRequest" },
        "webResponse": { "$ref": "#/definitions/webResponse" },
        "properties": { "$ref": "#/definitions/propertyBag" }
      }
    },
    "tool": {
      "additionalProperties": false, "type": "object",
      "properties": {
        "driver": { "$ref": "#/definitions/toolComponent" },
        "extensions": { "type": "array", "minItems": 0, "uniqueItems": true, "default": [], "items": { "$ref": "#/definitions/toolComponent" } },
        "properties": { "$ref": "#/definitions/propertyBag" }
      },
      "required": [ "driver" ]
    },
    "toolComponent": {
      "additionalProperties": false, "type": "object",
      "properties": {
        "guid": { "type": "string", "pattern": "^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-5][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}$" },
        "name": { "type": "string" },
        "organization": { "type": "string" },
        "product": { "type": "string" },
        "productSuite": { "type": "string" },
        "shortDescription": { "$ref": "#/definitions/multiformatMessageString" },
        "fullDescription": { "$ref": "#/definitions/multiformatMessageString" },
        "fullName": { "type": "string" },
        "version": { "type": "string" },
        "semanticVersion": { "type": "string" },
        "dottedQuadFileVersion": { "type": "string", "pattern": "[0-9]+(\\.[0-9]+){3}" },
        "releaseDateUtc": { "type": "string" },
        "downloadUri": { "type": "string", "format": "uri" },
        "informationUri": { "type": "string", "format": "uri" },
        "globalMessageStrings": { "type": "object", "additionalProperties": { "$ref": "#/definitions/multiformatMessageString" } },
        "notifications": { "type": "array", "minItems": 0, "uniqueItems": true, "default": [], "items": { "$ref": "#/definitions/reportingDescriptor" } },
        "rules": { "type": "array", "minItems": 0, "uniqueItems": true, "default": [], "items": { "$ref": "#/definitions/reportingDescriptor" } },
        "taxa": { "type": "array", "minItems": 0, "uniqueItems": true, "default": [], "items": { "$ref": "#/definitions/reportingDescriptor" } },
        "locations": { "type": "array", "minItems": 0, "default": [], "items": { "$ref": "#/definitions/artifactLocation" } },
        "language": { "type": "string", "default": "en-US", "pattern": "^[a-zA-Z]{2}(-[a-zA-Z]{2})?$" },
        "contents": { "type": "array", "uniqueItems": true, "default": [ "localizedData", "nonLocalizedData" ], "items": { "enum": [ "localizedData", "nonLocalizedData" ], "type": "string" } },
        "isComprehensive": { "type": "boolean", "default": false },
        "localizedDataSemanticVersion": { "type": "string" },
        "minimumRequiredLocalizedDataSemanticVersion": { "type": "string" },
        "associatedComponent": { "$ref": "#/definitions/toolComponentReference" },
        "translationMetadata": { "$ref": "#/definitions/translationMetadata" },
        "supportedTaxonomies": { "type": "array", "minItems": 0, "uniqueItems": true, "default": [], "items": { "$ref": "#/definitions/toolComponentReference" } },
        "properties": { "$ref": "#/definitions/propertyBag" }
      },
      "required": [ "name" ]
    },
    "toolComponentReference": {
      "type": "object", "additionalProperties": false,
      "properties": {
        "name": { "type": "string" },
        "index": { "type": "integer", "default": -1, "minimum": -1 },
        "guid": { "type": "string", "pattern": "^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-5][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}$" },
        "properties": { "$ref": "#/definitions/propertyBag" }
      }
    },
    "translationMetadata": {
      "type": "object", "additionalProperties": false,
      "properties": {
        "name": { "type": "string" },
        "fullName": { "type": "string" },
        "shortDescription": { "$ref": "#/definitions/multiformatMessageString" },
        "fullDescription": { "$ref": "#/definitions/multiformatMessageString" },
        "downloadUri": { "type": "string", "format": "uri" },
        "informationUri": { "type": "string", "format": "uri" },
        "properties": { "$ref": "#/definitions/propertyBag" }
      },
      "required": [ "name" ]
    },
    "versionControlDetails": {
      "type": "object", "additionalProperties": false,
      "properties": {
        "repositoryUri": { "type": "string", "format": "uri" },
        "revisionId": { "type": "string" },
        "branch": { "type": "string" },
        "revisionTag": { "type": "string" },
        "asOfTimeUtc": { "type": "string", "format": "date-time" },
        "mappedTo": { "$ref": "#/definitions/artifactLocation" },
        "properties": { "$ref": "#/definitions/propertyBag" }
      },
      "required": [ "repositoryUri" ]
    },
    "webRequest": {
      "type": "object", "additionalProperties": false,
      "properties": {
        "index": { "type": "integer", "default": -1, "minimum": -1 },
        "protocol": { "type": "string" },
        "version": { "type": "string" },
        "target": { "type": "string" },
        "method": { "type": "string" },
        "headers": { "type": "object", "additionalProperties": { "type": "string" } },
        "parameters": { "type": "object", "additionalProperties": { "type": "string" } },
        "body": { "$ref": "#/definitions/artifactContent" },
        "properties": { "$ref": "#/definitions/propertyBag" }
      }
    },
    "webResponse": {
      "type": "object", "additionalProperties": false,
      "properties": {
        "index": { "type": "integer", "default": -1, "minimum": -1 },
        "protocol": { "type": "string" },
        "version": { "type": "string" },
        "statusCode": { "type": "integer" },
        "reasonPhrase": { "type": "string" },
        "headers": { "type": "object", "additionalProperties": { "type": "string" } },
        "body": { "$ref": "#/definitions/artifactContent" },
        "noResponseReceived": { "type": "boolean", "default": false },
        "properties": { "$ref": "#/definitions/propertyBag" }
      }
    }
  }
}
"""#
}
