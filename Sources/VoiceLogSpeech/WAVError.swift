/// Why a WAV file cannot be read.
public enum WAVError: Error, Equatable, CustomStringConvertible {
    /// The file could not be opened.
    case unreadable(path: String)
    /// The file has no bytes at all.
    case emptyFile
    /// The file does not start with `RIFF…WAVE`: it is another kind of file.
    case notWAV
    /// A chunk or the format description is cut short or has impossible values.
    case brokenHeader(String)
    /// The samples are in an encoding this reader does not decode.
    case unsupportedFormat(String)
    /// The data chunk promises more bytes than the file holds.
    case truncated(expectedBytes: Int, availableBytes: Int)
    /// The file is well formed but holds no samples.
    case noAudio

    public var description: String {
        switch self {
        case .unreadable(let path):
            return "cannot open \(path); check the path and permissions"
        case .emptyFile:
            return "the WAV file is empty (0 bytes); record or export it again"
        case .notWAV:
            return "this is not a WAV file (no RIFF/WAVE header); convert it with "
                + "`sox input -r 16000 -c 1 -b 16 output.wav`"
        case .brokenHeader(let detail):
            return "the WAV header is broken: \(detail); re-export the file"
        case .unsupportedFormat(let detail):
            return "unsupported WAV encoding: \(detail); use PCM 8/16/24/32-bit integer or "
                + "32-bit float, e.g. `sox input -b 16 -e signed-integer output.wav`"
        case .truncated(let expected, let available):
            return "the WAV file is truncated: its header announces \(expected) bytes of audio "
                + "but only \(available) are there; the copy or recording was cut short"
        case .noAudio:
            return "the WAV file holds no audio samples"
        }
    }
}
