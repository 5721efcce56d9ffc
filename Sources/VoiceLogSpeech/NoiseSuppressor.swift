import CWebRTCAudio

/// How hard noise is suppressed: WebRTC's levels low, moderate, high and very high.
public enum NoiseSuppression: Int32, Sendable, CaseIterable {
    case low = 0, moderate, high, veryHigh
}

/// When the noise suppressor is put in front of the decoders.
public enum NoiseSuppressionUse: Sendable, Equatable {
    /// The audio is heard as it is.
    case never
    /// Every utterance is suppressed.
    case always
    /// An utterance is suppressed when its first second (all of it, if shorter) holds steady
    /// noise (`NoiseFloor`): the suppressor helps voices in noise, and wipes out clean
    /// synthetic voices such as espeak-ng's, whose pauses are silent.
    case whenNoisy
}

/// WebRTC's noise suppressor (Debian's libwebrtc-audio-processing) in front of the decoder:
/// 16 kHz mono samples in, the same samples with steady background noise taken down out,
/// 10 ms frames at a time. Measured on noisy copies of held-out voices in docs/speech.md.
final class NoiseSuppressor {
    private let level: NoiseSuppression
    private var suppressor: OpaquePointer
    /// Samples of a frame not yet complete, held until the next call or `flush`.
    private var pending: [Int16] = []

    /// nil if WebRTC cannot make a suppressor.
    init?(level: NoiseSuppression) {
        guard let suppressor = vl_noise_suppressor_create(level.rawValue) else { return nil }
        self.level = level
        self.suppressor = suppressor
    }

    deinit { vl_noise_suppressor_destroy(suppressor) }

    /// The processed samples of every whole frame so far; a partial frame's are held back.
    func process(_ samples: UnsafeBufferPointer<Int16>) -> [Int16] {
        pending.append(contentsOf: samples)
        let whole = pending.count / Int(VL_NOISE_FRAME) * Int(VL_NOISE_FRAME)
        guard whole > 0 else { return [] }
        var output = Array(pending[..<whole])
        pending.removeFirst(whole)
        suppress(&output)
        return output
    }

    /// The samples held back, processed as a frame padded with silence.
    func flush() -> [Int16] {
        guard !pending.isEmpty else { return [] }
        let count = pending.count
        var frame = pending + Array(repeating: 0, count: Int(VL_NOISE_FRAME) - count)
        pending.removeAll()
        suppress(&frame)
        return Array(frame.prefix(count))
    }

    /// Forgets the noise heard so far and any held samples: a new utterance starts afresh.
    func reset() {
        pending.removeAll()
        if let fresh = vl_noise_suppressor_create(level.rawValue) {
            vl_noise_suppressor_destroy(suppressor)
            suppressor = fresh
        }
    }

    /// Suppresses noise in whole frames, in place; a frame WebRTC refuses is left as it was.
    private func suppress(_ samples: inout [Int16]) {
        samples.withUnsafeMutableBufferPointer { buffer in
            var start = 0
            while start < buffer.count {
                _ = vl_noise_suppressor_process(suppressor, buffer.baseAddress! + start)
                start += Int(VL_NOISE_FRAME)
            }
        }
    }
}
