import Foundation
import RealmStore

// A small task tracker, declared the way a Realm Swift app declares its models: `@Persisted`
// properties and nothing else. The store discovers them by reflection.

class Person: Object {
    @Persisted(primaryKey: true) var _id: ObjectId
    @Persisted var name = ""
    @Persisted var age = 0
    @Persisted var nickname: String?
    @Persisted var skills: MutableSet<String>
    @Persisted var hoursByWeekday: Map<String, Int>
    @Persisted(originProperty: "assignee") var assignedTasks: LinkingObjects<WorkItem>

    convenience init(name: String, age: Int) {
        self.init()
        self.name = name
        self.age = age
    }
}

class WorkItem: Object {
    @Persisted var title = ""
    @Persisted var isDone = false
    @Persisted var priority = 0
    @Persisted var minutesSpent = 0
    @Persisted var due: Date?
    @Persisted var assignee: Person?
    @Persisted var labels: List<String>
}

class Milestone: EmbeddedObject {
    @Persisted var name = ""
    @Persisted var reached = false
}

class Project: Object {
    @Persisted(primaryKey: true) var code = ""
    @Persisted var name = ""
    @Persisted var items: List<WorkItem>
    @Persisted var milestones: List<Milestone>
}
