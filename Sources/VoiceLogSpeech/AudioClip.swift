/// Decoded audio: interleaved samples in -1…1 at a given rate and channel count.
public struct AudioClip: Sendable, Equatable {
    /// Samples per second of each channel.
    public var sampleRate: Int
    public var channelCount: Int
    /// Interleaved samples: frame 0 channel 0, frame 0 channel 1, …
    public var samples: [Float]

    public init(sampleRate: Int, channelCount: Int, samples: [Float]) {
        self.sampleRate = sampleRate
        self.channelCount = channelCount
        self.samples = samples
    }

    /// Length in seconds.
    public var duration: Double {
        Double(samples.count / max(channelCount, 1)) / Double(sampleRate)
    }

    /// The average of all channels.
    public func mixedToMono() -> [Float] {
        guard channelCount > 1 else { return samples }
        let frames = samples.count / channelCount
        let scale = 1 / Float(channelCount)
        return (0..<frames).map { frame in
            var sum: Float = 0
            for channel in 0..<channelCount { sum += samples[frame * channelCount + channel] }
            return sum * scale
        }
    }

    /// 16-bit mono at `rate` (16 kHz by default), as PocketSphinx's models expect. 16-bit
    /// samples read by `WAVReader` come back exactly.
    public func speechSamples(rate: Int = 16_000) -> [Int16] {
        let mono = Resampler(from: sampleRate, to: rate).resample(mixedToMono())
        return mono.map { Int16(max(-32768, min(32767, ($0 * 32768).rounded()))) }
    }
}
