import VoiceLogCore

extension Entry {
    /// The fields as the JSON object of the `entry.fields` column: the entry contract's
    /// object without `kind` and `time`, which have columns of their own.
    public var storedFields: String {
        JSONValue.object(fields.map { ($0.name, $0.value.json) }).serialized()
    }

    /// Reads an entry back from its columns.
    public init(kind: String, time: String, storedFields: String) throws {
        guard let time = LocalDateTime(iso: time) else {
            throw StorageError.damagedRow("an entry's time '\(time)' is not a local ISO 8601 time")
        }
        let json = try JSONParser.parse(storedFields)
        guard case .object(let members) = json else {
            throw StorageError.damagedRow("an entry's fields are not a JSON object")
        }
        self.init(kind: kind, time: time)
        for (name, value) in members {
            if let field = FieldValue(json: value) { self[name] = field }
        }
    }
}
