import Foundation
import RealmStore

// Builds a small task tracker with hand-written models, then asks it the questions Realm's
// documentation asks, with `where {}` queries, key-path sorts and aggregates, checking every
// answer. Exits non-zero on the first wrong answer, so `make test` notices.

var failures = 0
func expect<T: Equatable>(_ actual: T, _ expected: T, _ what: String) {
    if actual == expected {
        print("ok   \(what): \(actual)")
    } else {
        print("FAIL \(what): got \(actual), expected \(expected)")
        failures += 1
    }
}

let directory = FileManager.default.temporaryDirectory
    .appendingPathComponent("QueryExamples-\(ProcessInfo.processInfo.processIdentifier)")
try? FileManager.default.removeItem(at: directory)
try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: directory) }

let configuration = Realm.Configuration(fileURL: directory.appendingPathComponent("tasks.realm"))
let realm = try Realm(configuration: configuration)

try realm.write {
    let ali = Person(name: "Ali", age: 30)
    ali.skills.insert(objectsIn: ["swift", "sql"])
    ali.hoursByWeekday["monday"] = 8
    ali.hoursByWeekday["friday"] = 4
    let rin = Person(name: "Rin", age: 24)
    rin.nickname = "R"
    rin.skills.insert("design")
    rin.hoursByWeekday["monday"] = 6

    let site = Project()
    site.code = "WEB"
    site.name = "Web site"
    let launch = Milestone()
    launch.name = "Launch"
    site.milestones.append(launch)

    let app = Project()
    app.code = "APP"
    app.name = "Mobile app"

    let work: [(String, Bool, Int, Int, Person?, [String], Project)] = [
        ("Write the landing page", false, 7, 120, ali, ["copy"], site),
        ("Pick a font", true, 2, 15, rin, ["design"], site),
        ("Set up CI", false, 9, 45, ali, ["infra", "swift"], app),
        ("Draw the icon", false, 4, 0, rin, ["design"], app),
        ("Write release notes", false, 1, 0, nil, [], app),
    ]
    for (title, isDone, priority, minutes, assignee, labels, project) in work {
        let item = WorkItem()
        item.title = title
        item.isDone = isDone
        item.priority = priority
        item.minutesSpent = minutes
        item.assignee = assignee
        item.labels.append(objectsIn: labels)
        project.items.append(item)
    }
    realm.add([site, app])
}

let items = realm.objects(WorkItem.self)

// Comparisons, compound predicates and nil.
expect(items.where { $0.priority > 5 }.count, 2, "high-priority items")
expect(items.where { $0.isDone == false && $0.minutesSpent > 0 }.count, 2, "started, not done")
expect(items.where { $0.assignee == nil }.first?.title, "Write release notes", "unassigned")
expect(items.where { !$0.isDone }.count, 4, "open items")

// Strings, with Realm's options.
expect(items.where { $0.title.starts(with: "write", options: .caseInsensitive) }.count, 2, "titles starting with 'write'")
expect(items.where { $0.title.contains("the") }.count, 2, "titles containing 'the'")
expect(items.where { $0.title.like("*t?e*") }.count, 2, "titles like '*t?e*'")

// Ranges and membership.
expect(items.where { $0.priority.contains(2...7) }.count, 3, "priority between 2 and 7")
expect(items.where { $0.priority.in([1, 9]) }.count, 2, "priority 1 or 9")

// Through links and collections.
expect(items.where { $0.assignee.name == "Ali" }.count, 2, "Ali's items")
expect(items.where { $0.labels.contains("design") }.count, 2, "labelled design")
expect(items.where { $0.labels.count > 1 }.first?.title, "Set up CI", "items with two labels")

let projects = realm.objects(Project.self)
expect(projects.where { $0.items.minutesSpent.sum > 100 }.first?.code, "WEB", "project with the most time spent")
expect(projects.where { ($0.items.priority > 8).count > 0 }.first?.code, "APP", "project with an urgent item")
expect(projects.where { $0.milestones.name == "Launch" }.first?.code, "WEB", "project with a launch milestone")

// Maps, sets and inverse relationships.
let people = realm.objects(Person.self)
expect(people.where { $0.hoursByWeekday["monday"] >= 8 }.first?.name, "Ali", "full Monday")
expect(people.where { $0.hoursByWeekday.keys == "friday" }.count, 1, "works on Fridays")
expect(people.where { $0.skills.contains("design") }.first?.name, "Rin", "designers")
expect(people.where { $0.assignedTasks.count == 2 }.count, 2, "people with two items")

// Key-path sorts, distinct and aggregates.
expect(items.sorted(by: \.priority, ascending: false).first?.title, "Set up CI", "most urgent")
expect(Array(items.sorted(by: \.priority).map(\.priority)), [1, 2, 4, 7, 9], "priorities in order")
expect(items.distinct(by: [\WorkItem.isDone]).count, 2, "distinct done states")
expect(items.max(of: \.priority), 9, "highest priority")
expect(items.min(of: \.priority), 1, "lowest priority")
expect(items.sum(of: \.minutesSpent), 180, "minutes spent")
expect(people.average(of: \.age), 27, "average age")

// Queries on a List and on LinkingObjects read the same way.
let site = realm.object(ofType: Project.self, forPrimaryKey: "WEB")!
expect(site.items.where { $0.isDone }.first?.title, "Pick a font", "done on the web site")
let ali = people.where { $0.name == "Ali" }.first!
expect(ali.assignedTasks.where { $0.priority < 8 }.first?.title, "Write the landing page", "Ali's less urgent item")

// Results stay live: a write shows through the same Results.
let open = items.where { $0.isDone == false }
try realm.write { items.where { $0.title == "Draw the icon" }.first!.isDone = true }
expect(open.count, 3, "open items after finishing the icon")

if failures > 0 {
    print("\(failures) wrong answer(s)")
    exit(1)
}
print("QueryExamples: all answers as expected")
