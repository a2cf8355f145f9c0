// Subscripts with _read/_modify: a sparse grid, chained accesses through
// several yield-once coroutines at once (grid[r][c].field += 1), a
// dictionary-backed default subscript, mutation in nested loops, and a
// multi-parameter subscript.
struct Cell { var hits = 0; var label = "" }

struct Row {
  private var cells: [Int: Cell] = [:]
  subscript(c: Int) -> Cell {
    _read { yield cells[c] ?? Cell() }
    _modify {
      var cell = cells[c] ?? Cell()
      yield &cell
      cells[c] = cell.hits == 0 && cell.label.isEmpty ? nil : cell
    }
  }
  var used: [Int] { cells.keys.sorted() }
}

struct Grid {
  private var rows: [Row] = Array(repeating: Row(), count: 4)
  subscript(r: Int) -> Row {
    _read { yield rows[r % rows.count] }
    _modify { yield &rows[r % rows.count] }
  }
  subscript(r: Int, c: Int) -> Int {
    _read { yield self[r][c].hits }
    _modify { yield &self[r][c].hits }
  }
}

@main struct Main {
  static func main() {
    var g = Grid()
    for r in 0..<8 {
      for c in 0..<5 where (r * c) % 3 == 0 {
        g[r][c].hits += r + c
        g[r, c] *= 2
      }
    }
    g[1][2].label = "x"
    g[5][2].label += "y"
    for r in 0..<4 {
      print(r, g[r].used, g[r].used.map { g[r][$0].hits }, g[r][2].label)
    }
    var total = 0
    for _ in 0..<20_000 { g[3, 3] &+= 1; total &+= g[3, 3] }
    print(total)
  }
}
