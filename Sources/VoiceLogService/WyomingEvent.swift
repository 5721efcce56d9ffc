import NIOCore
import VoiceLogCore

/// One event of the Wyoming protocol: a JSON header line (`type`, `data`, and the lengths of
/// the data and payload that follow it), then the extra data (a JSON object merged into
/// `data`), then a binary payload (audio).
struct WyomingEvent: Sendable, Equatable {
    var type: String
    var data: [(key: String, value: JSONValue)] = []
    var payload: [UInt8] = []

    static func == (lhs: WyomingEvent, rhs: WyomingEvent) -> Bool {
        lhs.type == rhs.type && JSONValue.object(lhs.data) == JSONValue.object(rhs.data) && lhs.payload == rhs.payload
    }

    subscript(key: String) -> JSONValue? {
        data.last { $0.key == key }?.value
    }

    /// The protocol version written in headers.
    static let version = "1.5.0"

    /// The event as it goes on the wire.
    func write(to buffer: inout ByteBuffer) {
        var header: [(key: String, value: JSONValue)] = [("type", .string(type)), ("version", .string(Self.version))]
        let dataText = data.isEmpty ? nil : JSONValue.object(data).serialized()
        if let dataText { header.append(("data_length", .number(Double(dataText.utf8.count)))) }
        if !payload.isEmpty { header.append(("payload_length", .number(Double(payload.count)))) }
        buffer.writeString(JSONValue.object(header).serialized() + "\n")
        if let dataText { buffer.writeString(dataText) }
        buffer.writeBytes(payload)
    }
}

/// Why a Wyoming connection was closed.
struct WyomingProtocolError: Error, CustomStringConvertible {
    let description: String
}

/// Cuts a byte stream into Wyoming events, refusing headers, data or payloads over the limits.
struct WyomingEventDecoder: ByteToMessageDecoder {
    typealias InboundOut = WyomingEvent

    static let maximumHeader = 64 * 1024
    static let maximumData = 1024 * 1024
    static let maximumPayload = 10 * 1024 * 1024

    mutating func decode(context: ChannelHandlerContext, buffer: inout ByteBuffer) throws -> DecodingState {
        guard let newline = buffer.readableBytesView.firstIndex(of: UInt8(ascii: "\n")) else {
            if buffer.readableBytes > Self.maximumHeader { throw WyomingProtocolError(description: "a header line longer than \(Self.maximumHeader) bytes") }
            return .needMoreData
        }
        let headerLength = newline - buffer.readerIndex
        guard let line = buffer.getString(at: buffer.readerIndex, length: headerLength),
              case .object(let header)? = try? JSONParser.parse(line),
              case .string(let type)? = header.last(where: { $0.key == "type" })?.value
        else { throw WyomingProtocolError(description: "a header that is not a JSON object with a 'type'") }
        let dataLength = try Self.length(header, "data_length", maximum: Self.maximumData)
        let payloadLength = try Self.length(header, "payload_length", maximum: Self.maximumPayload)
        guard buffer.readableBytes >= headerLength + 1 + dataLength + payloadLength else { return .needMoreData }
        buffer.moveReaderIndex(forwardBy: headerLength + 1)
        var event = WyomingEvent(type: type)
        if case .object(let data)? = header.last(where: { $0.key == "data" })?.value { event.data = data }
        if dataLength > 0 {
            guard let text = buffer.readString(length: dataLength), case .object(let more)? = try? JSONParser.parse(text) else {
                throw WyomingProtocolError(description: "extra data that is not a JSON object")
            }
            event.data += more
        }
        event.payload = buffer.readBytes(length: payloadLength) ?? []
        context.fireChannelRead(wrapInboundOut(event))
        return .continue
    }

    private static func length(_ header: [(key: String, value: JSONValue)], _ name: String, maximum: Int) throws -> Int {
        switch header.last(where: { $0.key == name })?.value {
        case nil, .null?: return 0
        case .number(let value)? where value >= 0 && value <= Double(maximum) && value == value.rounded(): return Int(value)
        default: throw WyomingProtocolError(description: "'\(name)' must be a whole number of bytes up to \(maximum)")
        }
    }
}
