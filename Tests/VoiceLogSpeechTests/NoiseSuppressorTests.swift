import Foundation
import Testing
@testable import VoiceLogSpeech

/// WebRTC's noise suppressor, as Debian ships it, on steady noise fed as a stream comes.
@Suite struct NoiseSuppressorTests {
    /// One second of noise: a fixed pseudo-random sequence, low-passed, at about -26 dBFS.
    static var noise: [Int16] {
        var state: UInt64 = 7
        var smoothed = 0.0
        return (0..<16_000).map { _ in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let white = Double(Int64(bitPattern: state >> 11) % 2000) / 1000 - 1
            smoothed = 0.7 * smoothed + 0.3 * white
            return Int16(smoothed * 3000)
        }
    }

    static func rms(_ samples: ArraySlice<Int16>) -> Double {
        (samples.reduce(0.0) { $0 + Double($1) * Double($1) } / Double(samples.count)).squareRoot()
    }

    @Test func steadyNoiseIsTakenDownAndNoSampleIsLost() throws {
        let suppressor = try #require(NoiseSuppressor(level: .moderate))
        let input = Self.noise
        // fed in pieces that are not whole frames, as a stream comes
        var output: [Int16] = []
        var start = 0
        for size in [100, 333, 1_000, 7] where start < input.count {
            let end = min(input.count, start + size)
            output += input[start..<end].withUnsafeBufferPointer { suppressor.process($0) }
            start = end
        }
        output += input[start...].withUnsafeBufferPointer { suppressor.process($0) }
        output += suppressor.flush()
        #expect(output.count == input.count)
        // after it has heard the noise for half a second, at least 6 dB of it is gone
        let before = Self.rms(input[8_000...]), after = Self.rms(output[8_000...])
        #expect(20 * log10(before / max(after, 1)) > 6, "noise \(before) -> \(after)")
    }

    @Test func resetStartsAfreshWithNothingHeld() throws {
        let suppressor = try #require(NoiseSuppressor(level: .high))
        let piece = Array(Self.noise.prefix(250))
        #expect(piece.withUnsafeBufferPointer { suppressor.process($0) }.count == 160)
        suppressor.reset()
        #expect(suppressor.flush().isEmpty)
    }

    /// A second of a 200 Hz tone at about -15 dBFS, loud as speech is.
    static var tone: [Int16] {
        (0..<16_000).map { Int16(6_000 * sin(2 * Double.pi * 200 * Double($0) / 16_000)) }
    }

    @Test func noiseIsJudgedByHowFarTheQuietestSoundLiesUnderTheLoud() {
        let silence = [Int16](repeating: 0, count: 8_000)
        let dither = (0..<8_000).map { Int16($0 % 3 - 1) }
        // a synthetic voice: its pauses silent, or a dither's last bit
        #expect(!NoiseFloor(silence + Self.tone + silence).isNoisy)
        #expect(!NoiseFloor(dither + Self.tone + dither).isNoisy)
        // the same voice in steady noise about 20 dB under it
        let noisy = zip(Self.noise + Self.noise, silence + Self.tone + silence).map { $0 / 4 &+ $1 }
        #expect(NoiseFloor(noisy).isNoisy)
        // a room before anyone speaks: only its noise
        #expect(NoiseFloor(Self.noise).isNoisy)
        // nothing at all, or only a dither: nothing to take out
        #expect(!NoiseFloor(silence).isNoisy)
        #expect(!NoiseFloor(dither).isNoisy)
        #expect(!NoiseFloor([Int16]()).isNoisy)
    }
}
