/// The candidate closest to `key` by edit distance (case-insensitive), when close enough to be a
/// plausible typo: at most a third of the key's length, and at least one edit.
public func nearestKey(to key: String, in candidates: [String]) -> String? {
    let lowered = key.lowercased()
    var best: (String, Int)?
    for candidate in candidates {
        let d = editDistance(lowered, candidate.lowercased())
        if best == nil || d < best!.1 { best = (candidate, d) }
    }
    guard let (candidate, distance) = best else { return nil }
    let limit = max(2, key.count / 3)
    return distance <= limit ? candidate : nil
}

/// Levenshtein distance between two strings.
func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a.unicodeScalars), b = Array(b.unicodeScalars)
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
        current[0] = i
        for j in 1...b.count {
            let cost = a[i - 1] == b[j - 1] ? 0 : 1
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        }
        swap(&previous, &current)
    }
    return previous[b.count]
}
