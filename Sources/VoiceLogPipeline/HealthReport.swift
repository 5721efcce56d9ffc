import VoiceLogCore
import VoiceLogStorage

/// One self-contained HTML page of a log, for a person and their doctor: a summary table,
/// glucose over time against the target range (readings outside it marked), blood pressure
/// over time, feeds per day, symptoms by day and severity, and the medicines taken. Charts are
/// inline SVG; nothing is fetched from the network; it prints on A4.
public struct HealthReport {
    public let entries: [StoredEntry]
    /// What the page says it covers, e.g. "1 Nov 2026 to 21 Nov 2026" or "everything stored".
    public let period: String
    /// When it was made, with its offset.
    public let generatedAt: String

    /// The target range for glucose, in mmol/L (the international consensus on time in range).
    public static let glucoseTarget = 3.9...10.0

    public init(entries: [StoredEntry], period: String, generatedAt: String) {
        self.entries = entries
        self.period = period
        self.generatedAt = generatedAt
    }

    private func of(_ kind: String) -> [StoredEntry] { entries.filter { $0.entry.kind == kind } }

    /// A glucose reading in mmol/L (mg/dL divided by 18).
    static func mmolPerLitre(_ entry: Entry) -> Double? {
        guard let value = entry["value"]?.number else { return nil }
        return entry["unit"]?.text == "mg/dL" ? value / 18 : value
    }

    public func html() -> String {
        var sections = [summary()]
        sections += [glucose(), bloodPressure(), feeds(), symptoms(), medicines()].compactMap { $0 }
        if entries.isEmpty { sections.append("<p class=\"empty\">No entries were stored in this period.</p>") }
        return """
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>VoiceLog report, \(HTML.escape(period))</title>
        <style>\(Self.style)</style></head>
        <body><header><h1>Health log</h1><p>\(HTML.escape(period)) · \(entries.count) entr\(entries.count == 1 ? "y" : "ies") · made \(HTML.escape(generatedAt)) by VoiceLog</p></header>
        \(sections.joined(separator: "\n"))
        </body></html>

        """
    }

    private func summary() -> String {
        var rows: [(String, String)] = []
        let readings = of("glucose").compactMap { Self.mmolPerLitre($0.entry) }
        if !readings.isEmpty {
            let inRange = readings.filter { Self.glucoseTarget.contains($0) }.count
            let below = readings.filter { $0 < Self.glucoseTarget.lowerBound }.count
            rows.append(("Glucose", "\(readings.count) readings, average \(Self.one(readings.reduce(0, +) / Double(readings.count))) mmol/L"))
            rows.append(("Time in range (3.9–10 mmol/L)", "\(Self.percent(inRange, readings.count)) in range, \(Self.percent(below, readings.count)) below, \(Self.percent(readings.count - inRange - below, readings.count)) above"))
        }
        let pressures = of("blood_pressure").compactMap { e in e.entry["systolic"]?.number.flatMap { s in e.entry["diastolic"]?.number.map { (s, $0) } } }
        if !pressures.isEmpty {
            let count = Double(pressures.count)
            rows.append(("Blood pressure", "\(pressures.count) readings, average \(Int((pressures.map(\.0).reduce(0, +) / count).rounded()))/\(Int((pressures.map(\.1).reduce(0, +) / count).rounded())) mmHg"))
        }
        let feeds = of("feeding")
        if !feeds.isEmpty {
            let days = Set(feeds.map { $0.entry.time.dayNumber }).count
            let volume = feeds.compactMap { $0.entry["volume_ml"]?.number }.reduce(0, +)
            rows.append(("Feeds", "\(feeds.count) on \(days) day\(days == 1 ? "" : "s"), \(Int(volume.rounded())) ml in all"))
        }
        var counts: [String: Int] = [:]
        for stored in entries { counts[stored.entry.kind, default: 0] += 1 }
        let byKind = counts.sorted { $0.key < $1.key }.map { "\(Self.label($0.key)) \($0.value)" }.joined(separator: " · ")
        if !byKind.isEmpty { rows.append(("Entries by kind", byKind)) }
        let body = rows.map { "<tr><th>\(HTML.escape($0.0))</th><td>\(HTML.escape($0.1))</td></tr>" }.joined()
        return "<section><h2>Summary</h2><table class=\"summary\">\(body)</table></section>"
    }

    private func glucose() -> String? {
        let points = of("glucose").compactMap { stored in
            Self.mmolPerLitre(stored.entry).map { (time: stored.entry.time, value: $0, flagged: !Self.glucoseTarget.contains($0)) }
        }
        guard !points.isEmpty else { return nil }
        let chart = SVGChart(series: [.init(name: "Glucose", cssClass: "glucose", points: points)], unit: "mmol/L", band: Self.glucoseTarget)
        return section("Glucose", chart.svg(label: "Glucose over time"),
                       note: "The band is the target range, 3.9 to 10 mmol/L; larger red points are readings outside it. mg/dL readings are shown divided by 18.")
    }

    private func bloodPressure() -> String? {
        let readings = of("blood_pressure")
        func series(_ field: String, _ name: String) -> SVGChart.Series {
            .init(name: name, cssClass: field, points: readings.compactMap { stored in
                stored.entry[field]?.number.map { (time: stored.entry.time, value: $0, flagged: false) }
            })
        }
        guard !readings.isEmpty else { return nil }
        let chart = SVGChart(series: [series("systolic", "Systolic"), series("diastolic", "Diastolic")], unit: "mmHg")
        return section("Blood pressure", chart.svg(label: "Blood pressure over time"), note: "Upper line systolic, lower line diastolic.")
    }

    private func feeds() -> String? {
        let feeds = of("feeding")
        guard !feeds.isEmpty else { return nil }
        var days: [Int: (count: Int, volume: Double, minutes: Double)] = [:]
        for stored in feeds {
            var day = days[stored.entry.time.dayNumber] ?? (0, 0, 0)
            day.count += 1
            day.volume += stored.entry["volume_ml"]?.number ?? 0
            if stored.entry["method"]?.text == "breastfeeding" { day.minutes += stored.entry["duration_min"]?.number ?? 0 }
            days[stored.entry.time.dayNumber] = day
        }
        let maxVolume = max(days.values.map(\.volume).max() ?? 0, 1)
        let maxMinutes = max(days.values.map(\.minutes).max() ?? 0, 1)
        let rows = days.sorted { $0.key < $1.key }.map { key, day -> String in
            let date = Self.day(key)
            return "<tr><th>\(date)</th><td>\(day.count)</td>"
                + "<td><span class=\"bar volume\" style=\"width:\(Int(day.volume / maxVolume * 100))%\"></span>\(Int(day.volume.rounded())) ml</td>"
                + "<td><span class=\"bar minutes\" style=\"width:\(Int(day.minutes / maxMinutes * 100))%\"></span>\(Int(day.minutes.rounded())) min</td></tr>"
        }.joined()
        return section("Feeds per day", "<table class=\"bars\"><tr><th>Day</th><th>Feeds</th><th>Volume</th><th>Breastfeeding</th></tr>\(rows)</table>")
    }

    private func symptoms() -> String? {
        let symptoms = of("symptom")
        guard !symptoms.isEmpty else { return nil }
        let byDay = Dictionary(grouping: symptoms) { $0.entry.time.dayNumber }
        let rows = byDay.sorted { $0.key < $1.key }.map { key, day -> String in
            let chips = day.sorted { $0.entry.time < $1.entry.time }.map { stored -> String in
                let severity = stored.entry["severity"]?.text ?? "unrated"
                let score = stored.entry["score"]?.number.map { " \(JSONValue.format($0))/10" } ?? ""
                let name = stored.entry["name"]?.text ?? "symptom"
                return "<span class=\"chip \(HTML.escape(severity))\">\(HTML.escape(name)) · \(HTML.escape(severity))\(score)</span>"
            }.joined(separator: " ")
            return "<tr><th>\(Self.day(key))</th><td>\(chips)</td></tr>"
        }.joined()
        return section("Symptoms by day", "<table class=\"symptoms\">\(rows)</table>", note: "Colour by severity: low, moderate, severe.")
    }

    private func medicines() -> String? {
        let taken = of("medication").sorted { $0.entry.time < $1.entry.time }
        guard !taken.isEmpty else { return nil }
        let rows = taken.map { stored -> String in
            let dose: String
            if case .amount(let value, let unit)? = stored.entry["amount"] {
                let plural = value != 1 && unit.map(Self.countedUnits.contains) == true ? "s" : ""
                dose = unit.map { "\(JSONValue.format(value)) \($0)\(plural)" } ?? JSONValue.format(value)
            } else {
                dose = ""
            }
            let kind = stored.entry["insulin"]?.text.map { " (\($0) insulin)" } ?? ""
            return "<tr><td>\(HTML.escape(stored.entry.time.description.replacingOccurrences(of: "T", with: " ").dropLast(3).description))</td>"
                + "<td>\(HTML.escape(stored.entry["name"]?.text ?? ""))\(HTML.escape(kind))</td><td>\(HTML.escape(dose))</td></tr>"
        }.joined()
        return section("Medicines taken", "<table class=\"medicines\"><tr><th>When</th><th>Medicine</th><th>Dose</th></tr>\(rows)</table>")
    }

    private func section(_ title: String, _ body: String, note: String? = nil) -> String {
        "<section><h2>\(HTML.escape(title))</h2>\(body)\(note.map { "<p class=\"note\">\(HTML.escape($0))</p>" } ?? "")</section>"
    }

    /// Units that take a plural: "2 tablets", "22 units" (not "5 mgs").
    static let countedUnits: Set<String> = ["unit", "tablet", "capsule", "pill", "puff", "drop", "spray", "patch", "sachet", "dose"]

    static func label(_ kind: String) -> String { kind.replacingOccurrences(of: "_", with: " ") }

    public static func day(_ dayNumber: Int) -> String {
        let date = LocalDateTime(secondsSinceEpoch: Int64(dayNumber) * 86_400).date
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        return "\(date.day) \(months[date.month - 1]) \(date.year)"
    }

    static func one(_ value: Double) -> String { JSONValue.format((value * 10).rounded() / 10) }

    static func percent(_ part: Int, _ whole: Int) -> String { "\(Int((Double(part) / Double(whole) * 100).rounded())) %" }

    static let style = """
    body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;color:#1d2433;max-width:760px;margin:24px auto;padding:0 16px}
    header h1{margin:0;font-size:24px}header p{margin:4px 0 16px;color:#5b6475}
    h2{font-size:17px;margin:22px 0 8px;border-bottom:1px solid #d9dee7;padding-bottom:3px}
    table{border-collapse:collapse;width:100%}th,td{text-align:left;padding:4px 8px;border-bottom:1px solid #eef1f5;vertical-align:top}
    table.summary th{width:38%;font-weight:600}table.bars td{white-space:nowrap}
    .chart{width:100%;height:auto;display:block}.band{fill:#e3f4e8}.grid{stroke:#e6e9ef;stroke-width:1}
    .tick,.unit{font-size:11px;fill:#5b6475}polyline{fill:none;stroke-width:1.5}
    polyline.glucose{stroke:#3b6fd1}circle.glucose{fill:#3b6fd1}circle.flagged{fill:#d13b3b}
    polyline.systolic{stroke:#8a3bd1}circle.systolic{fill:#8a3bd1}polyline.diastolic{stroke:#d1893b}circle.diastolic{fill:#d1893b}
    .bar{display:inline-block;height:10px;margin-right:6px;border-radius:2px;max-width:60%}.bar.volume{background:#3b6fd1}.bar.minutes{background:#3bb08a}
    .chip{display:inline-block;padding:1px 8px;margin:2px 0;border-radius:10px;background:#eef1f5}
    .chip.low{background:#e3f4e8}.chip.moderate{background:#fdf0d5}.chip.severe{background:#f9d9d9}
    .note,.empty{color:#5b6475;font-size:12px}
    @page{size:A4;margin:15mm}@media print{body{margin:0;max-width:none}section{break-inside:avoid}}
    """
}
