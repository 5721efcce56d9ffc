import Foundation

/// Whether audio carries steady background noise, from its 10 ms frames: the quietest frame
/// is the noise floor, and the audio is noisy when that floor is audible and less than
/// `noisyBelow` dB under the loud frames (the 95th percentile). A frame of digital silence
/// means no noise at all.
///
/// Measured (docs/speech.md, "Noise suppression where there is noise"): pink noise at 15 and
/// 8 dB SNR lies 16-28 dB under flite's and espeak-ng's voices, the quiet rooms of people's
/// recordings in Debian's `pocketsphinx-testdata` 36-52 dB under, and synthetic voices made
/// clean, reverberant, telephone-band or faster 62 dB under or more (their pauses are digital
/// silence or a dither's last bit). Suppressed, the quiet rooms' speech outside the grammar was
/// once heard as an entry with confidence 0.72, so only a floor nearer than those counts.
struct NoiseFloor {
    /// Samples of a frame: 10 ms at 16 kHz.
    static let frameLength = 160
    /// A floor this far under the loud frames or more holds no noise worth taking out.
    static let noisyBelow = 32.0
    /// A floor quieter than this (dBFS) is no noise: a dither, or the low bits of a synthesizer.
    static let audibleAbove = -80.0
    /// Samples heard before an utterance's audio is judged: one second.
    static let decisionSamples = 16_000

    /// The quietest frame and the 95th percentile frame, in dBFS (minus infinity for digital
    /// silence); nil without a whole frame.
    let floor: Double?
    let loud: Double?

    init(_ samples: some Collection<Int16>) {
        var levels: [Double] = []
        levels.reserveCapacity(samples.count / Self.frameLength)
        var energy = 0.0
        var count = 0
        for sample in samples {
            energy += Double(sample) * Double(sample)
            count += 1
            if count == Self.frameLength {
                levels.append(10 * log10(energy / Double(count) / (32_768.0 * 32_768.0)))
                energy = 0
                count = 0
            }
        }
        levels.sort()
        floor = levels.first
        loud = levels.isEmpty ? nil : levels[min(levels.count - 1, levels.count * 95 / 100)]
    }

    /// Whether the audio has a steady noise the suppressor should take out.
    var isNoisy: Bool {
        guard let floor, let loud else { return false }
        return floor > Self.audibleAbove && loud - floor < Self.noisyBelow
    }
}
