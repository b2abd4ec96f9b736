import Foundation
import RealmEngine
import RealmStore

/// realm-typed-bench typed|table|dynamic FILE COUNT
///
/// Adds COUNT objects in one write transaction, then reads every property of every object
/// back, through the typed API (`Realm`, `@Persisted`; `typed`: a model found by reflection,
/// `table`: the same model with a `persistedProperties()` table) or the dynamic one (`Store`), and
/// prints `<write seconds> <read seconds>` on stdout. `bench/typed_bench.sh` compares them.
let arguments = CommandLine.arguments
guard arguments.count == 4, ["typed", "table", "dynamic"].contains(arguments[1]), let count = Int(arguments[3]) else {
    FileHandle.standardError.write(Data("usage: realm-typed-bench typed|table|dynamic FILE COUNT\n".utf8))
    exit(64)
}
let path = arguments[2]
let base = Date(timeIntervalSince1970: 1_700_000_000)
let tag = ObjectId("65a1b2c3d4e5f60718293a4b")

/// Wall-clock seconds of `body`; with TYPED_BENCH_CPU set, the process's CPU seconds instead
/// (steadier on a loaded machine, for profiling).
func seconds(_ body: () throws -> Void) rethrows -> Double {
    let cpu = ProcessInfo.processInfo.environment["TYPED_BENCH_CPU"] != nil
    func now() -> Double {
        guard cpu else { return Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
    let start = now()
    try body()
    return now() - start
}

var checksum = 0
var write: Double
var read: Double
/// Adds and reads back `count` objects of `Item` (`BenchItem` with or without its table).
/// Returns the two times and a checksum of the values read.
func typed<Item: BenchModel>(_ type: Item.Type) throws -> (Double, Double, Int) {
    let realm = try Realm(configuration: Realm.Configuration(fileURL: URL(fileURLWithPath: path), objectTypes: [type]))
    let write = try seconds {
        try realm.write {
            for i in 0..<count {
                let item = Item()
                item.id = i
                item.name = "item \(i)"
                item.score = Double(i) / 3
                item.count = Int32(i % 1000)
                item.flag = i % 2 == 0
                item.created = base.addingTimeInterval(Double(i))
                item.note = i % 3 == 0 ? nil : "note"
                item.tag = tag
                realm.add(item)
            }
        }
    }
    var sum = 0
    let read = seconds {
        for item in realm.objects(type) {
            sum &+= item.id &+ item.name.utf8.count &+ Int(item.score) &+ Int(item.count) &+ (item.flag ? 1 : 0)
            sum &+= Int(item.created.timeIntervalSince1970) &+ (item.note?.utf8.count ?? 0) &+ Int(item.tag.timestamp)
        }
    }
    return (write, read, sum)
}

if arguments[1] == "typed" {
    (write, read, checksum) = try typed(ReflectedBenchItem.self)
} else if arguments[1] == "table" {
    (write, read, checksum) = try typed(BenchItem.self)
} else {
    let store = try Store(path: path, schema: BenchItem.schema)
    write = try seconds {
        try store.write {
            for i in 0..<count {
                try store.create("BenchItem", value: [
                    "id": .value(.int(Int64(i))), "name": .value(.string("item \(i)")), "score": .value(.double(Double(i) / 3)),
                    "count": .value(.int(Int64(i % 1000))), "flag": .value(.bool(i % 2 == 0)),
                    "created": .value(.date(Timestamp(base.addingTimeInterval(Double(i))))),
                    "note": .value(i % 3 == 0 ? .null : .string("note")), "tag": .value(.objectId(tag)),
                ])
            }
        }
    }
    read = try seconds {
        for object in try store.objects("BenchItem") {
            for name in BenchItem.names {
                switch try store.get(object, name) {
                case .int(let v): checksum &+= Int(v)
                case .string(let v): checksum &+= v.utf8.count
                case .double(let v): checksum &+= Int(v)
                case .bool(let v): checksum &+= v ? 1 : 0
                case .date(let v): checksum &+= Int(v.seconds)
                case .objectId(let v): checksum &+= Int(v.timestamp)
                default: break
                }
            }
        }
    }
}
FileHandle.standardError.write(Data("checksum \(checksum)\n".utf8))
print(String(format: "%.4f %.4f", write, read))
