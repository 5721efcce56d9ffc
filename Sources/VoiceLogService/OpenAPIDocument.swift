import Foundation

/// The OpenAPI 3 description of the service, served at `/openapi.yaml`. Tests check it
/// against the running server (schemathesis), so it says what the server does.
enum OpenAPIDocument {
    /// A local time exactly as the API takes it: `YYYY-MM-DDTHH:MM:SS`, a real Gregorian date.
    static let localTimePattern = #"^(?:[0-9]{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12][0-9]|3[01])|(?:0[469]|11)-(?:0[1-9]|[12][0-9]|30)|02-(?:0[1-9]|1[0-9]|2[0-8]))|(?:[0-9]{2}(?:0[48]|[2468][048]|[13579][26])|(?:0[48]|[2468][048]|[13579][26])00)-02-29)T(?:[01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9]$"#

    /// The document, with the kinds of entry the grammar defines.
    static func yaml(kinds: [String]) -> String {
        template
            .replacingOccurrences(of: "KINDS", with: "[" + kinds.sorted().joined(separator: ", ") + "]")
            .replacingOccurrences(of: "LOCAL_TIME", with: "{type: string, pattern: '\(localTimePattern)'}")
    }

    private static let template = #"""
openapi: 3.0.3
info:
  title: VoiceLog
  version: "1"
  description: >
    Health entries from one typed or spoken sentence. Each /v1 route needs a bearer token
    made with `voicelog token create NAME`; a caller sees and changes only its own account's
    log. Results follow the entry contract (shared/spec/entries.md).
servers:
  - url: http://127.0.0.1:8080
security:
  - bearer: []
paths:
  /healthz:
    get:
      summary: Whether the server can read its store.
      security: []
      responses:
        "200":
          description: Up.
          content:
            application/json:
              schema:
                type: object
                required: [status]
                properties:
                  status: {type: string, enum: [ok]}
        "503": {$ref: "#/components/responses/Problem"}
  /metrics:
    get:
      summary: Counters and timings in Prometheus' text format.
      security: []
      responses:
        "200":
          description: The metrics.
          content:
            text/plain:
              schema: {type: string}
  /openapi.yaml:
    get:
      summary: This document.
      security: []
      responses:
        "200":
          description: The document.
          content:
            application/yaml:
              schema: {type: string}
  /v1/parse:
    post:
      summary: What a sentence is understood as; nothing is stored.
      requestBody:
        required: true
        content:
          application/json:
            schema: {$ref: "#/components/schemas/TextRequest"}
      responses:
        "200":
          description: The result, whatever its status.
          content:
            application/json:
              schema: {$ref: "#/components/schemas/Result"}
        "400": {$ref: "#/components/responses/Problem"}
        "401": {$ref: "#/components/responses/Problem"}
        "413": {$ref: "#/components/responses/Problem"}
  /v1/utterances:
    post:
      operationId: logUtterance
      summary: A sentence, typed or as a WAV recording, read, checked and stored when ok.
      description: >
        An `ok` result is stored in one transaction (201). Any other result is answered with
        422 and nothing is stored. A WAV body is recognised first; its answer carries the
        transcript, and it is stored only when the words were heard with confidence.
      requestBody:
        required: true
        content:
          application/json:
            schema: {$ref: "#/components/schemas/TextRequest"}
          audio/wav:
            schema: {type: string, format: binary}
      responses:
        "201":
          description: Stored.
          content:
            application/json:
              schema: {$ref: "#/components/schemas/LoggedResult"}
          links:
            UndoUtterance:
              operationId: undoUtterance
              parameters: {id: "$response.body#/utterance_id"}
            EditFirstEntry:
              operationId: editEntry
              parameters: {id: "$response.body#/entry_ids/0"}
        "422":
          description: Not ok, so not stored; the result says why.
          content:
            application/json:
              schema: {$ref: "#/components/schemas/LoggedResult"}
            application/problem+json:
              schema: {$ref: "#/components/schemas/Problem"}
        "400": {$ref: "#/components/responses/Problem"}
        "401": {$ref: "#/components/responses/Problem"}
        "413": {$ref: "#/components/responses/Problem"}
        "415": {$ref: "#/components/responses/Problem"}
        "503": {$ref: "#/components/responses/Problem"}
  /v1/utterances/{id}:
    delete:
      operationId: undoUtterance
      summary: Undo an utterance, as `voicelog undo` does; it is kept, marked undone.
      parameters:
        - {name: id, in: path, required: true, schema: {type: integer, minimum: 1, maximum: 9007199254740991}}
      responses:
        "200":
          description: Undone (or undone before).
          content:
            application/json:
              schema:
                type: object
                required: [utterance_id, text, undone, entries]
                properties:
                  utterance_id: {type: integer}
                  text: {type: string}
                  undone: {type: boolean}
                  entries: {type: array, items: {$ref: "#/components/schemas/StoredEntry"}}
        "401": {$ref: "#/components/responses/Problem"}
        "404": {$ref: "#/components/responses/Problem"}
        "503": {$ref: "#/components/responses/Problem"}
  /v1/entries:
    get:
      summary: The caller's entries in time order, a page at a time.
      parameters:
        - {name: kind, in: query, schema: {type: string, enum: KINDS}}
        - {name: since, in: query, description: "Local ISO 8601 time, inclusive.", schema: LOCAL_TIME}
        - {name: until, in: query, description: "Local ISO 8601 time, exclusive.", schema: LOCAL_TIME}
        - {name: limit, in: query, schema: {type: integer, minimum: 1, maximum: 1000, default: 100}}
        - {name: cursor, in: query, description: "The `next` of the page before.", schema: {type: string}}
      responses:
        "200":
          description: A page.
          content:
            application/json:
              schema:
                type: object
                required: [entries, next]
                properties:
                  entries: {type: array, items: {$ref: "#/components/schemas/StoredEntry"}}
                  next: {type: string, nullable: true}
        "400": {$ref: "#/components/responses/Problem"}
        "401": {$ref: "#/components/responses/Problem"}
        "503": {$ref: "#/components/responses/Problem"}
  /v1/entries/{id}:
    patch:
      operationId: editEntry
      summary: Correct an entry; the change is its next revision, checked by the same rules.
      parameters:
        - {name: id, in: path, required: true, schema: {type: integer, minimum: 1, maximum: 9007199254740991}}
      requestBody:
        required: true
        content:
          application/json:
            schema:
              type: object
              required: [edit]
              additionalProperties: false
              properties:
                edit: {type: string, description: "As at the review prompt, e.g. \"value 6.8\"."}
                now: LOCAL_TIME
      responses:
        "200":
          description: The entry as it now stands.
          content:
            application/json:
              schema: {$ref: "#/components/schemas/StoredEntry"}
        "400": {$ref: "#/components/responses/Problem"}
        "401": {$ref: "#/components/responses/Problem"}
        "404": {$ref: "#/components/responses/Problem"}
        "409": {$ref: "#/components/responses/Problem"}
        "413": {$ref: "#/components/responses/Problem"}
        "422": {$ref: "#/components/responses/Problem"}
        "503": {$ref: "#/components/responses/Problem"}
  /v1/export:
    get:
      summary: The caller's log as `voicelog export` writes it.
      parameters:
        - {name: format, in: query, schema: {type: string, enum: [csv, jsonl, nightscout, fhir], default: csv}}
      responses:
        "200":
          description: The export.
          content:
            text/csv:
              schema: {type: string}
            application/jsonl:
              schema: {type: string}
            application/json:
              schema: {type: array, items: {type: object}}
            application/fhir+json:
              schema: {type: object, required: [resourceType], properties: {resourceType: {type: string, enum: [Bundle]}}}
        "400": {$ref: "#/components/responses/Problem"}
        "401": {$ref: "#/components/responses/Problem"}
        "503": {$ref: "#/components/responses/Problem"}
components:
  securitySchemes:
    bearer: {type: http, scheme: bearer}
  responses:
    Problem:
      description: What went wrong and what to do (RFC 9457).
      content:
        application/problem+json:
          schema: {$ref: "#/components/schemas/Problem"}
  schemas:
    TextRequest:
      type: object
      required: [text]
      additionalProperties: false
      properties:
        text: {type: string, description: "What was typed or said."}
        now: LOCAL_TIME
    Problem:
      type: object
      required: [type, title, status, detail]
      properties:
        type: {type: string}
        title: {type: string}
        status: {type: integer}
        detail: {type: string}
        result: {$ref: "#/components/schemas/LoggedResult"}
    Entry:
      type: object
      required: [kind, time]
      properties:
        kind: {type: string}
        time: {type: string}
      additionalProperties: true
    StoredEntry:
      allOf:
        - {$ref: "#/components/schemas/Entry"}
        - type: object
          required: [id]
          properties:
            id: {type: integer}
    ProblemItem:
      type: object
      required: [severity, message]
      properties:
        field: {type: string, nullable: true}
        severity: {type: string, enum: [error, warning]}
        message: {type: string}
    Result:
      type: object
      required: [input, status, entries, problems]
      properties:
        input: {type: string}
        status: {type: string, enum: [ok, infeasible, incomplete, unrecognized]}
        entries: {type: array, items: {$ref: "#/components/schemas/Entry"}}
        problems: {type: array, items: {$ref: "#/components/schemas/ProblemItem"}}
    LoggedResult:
      allOf:
        - {$ref: "#/components/schemas/Result"}
        - type: object
          required: [stored]
          properties:
            stored: {type: boolean}
            utterance_id: {type: integer}
            entry_ids: {type: array, items: {type: integer}}
            store_error: {type: string}
            transcript:
              type: object
              properties:
                text: {type: string}
                alternatives: {type: array, items: {type: string}}
                confidence: {type: number, nullable: true}

"""#
}
