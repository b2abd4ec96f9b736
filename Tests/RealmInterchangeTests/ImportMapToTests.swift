import Foundation
import RealmEngine
import RealmInterchange
import TestSupport
import Testing

/// `mapTo` names the field in the data (docs/json-typing.md, section 1): import reads the
/// stored name and also the property name, never both in one object; export writes the stored
/// name; export → import gives the same store.
@Suite struct ImportMapToTests {
    static let schema = """
        models:
          Trip:
            primaryKey: tripId
            properties:
              tripId: { type: int, mapTo: "trip id" }
              startStationId: { type: int, mapTo: "start station id" }
              bikeId: { type: string?, mapTo: bikeid }
              tags: { type: "string[]", mapTo: tag_list }
              start: { type: Place?, mapTo: start_place }
              rider: { type: Rider?, mapTo: the_rider }
          Place:
            embedded: true
            properties:
              name: { type: string, mapTo: place_name }
          Rider:
            primaryKey: riderId
            properties:
              riderId: { type: int, mapTo: rider_id }
        """

    @Test func importReadsTheStoredName() throws {
        let harness = try ImportHarness(Self.schema)
        let run = try harness.run(#"{"trip id": 1, "start station id": 72, "bikeid": "b9", "tag_list": ["x"], "#
                                  + #""start_place": {"place_name": "Pier"}, "the_rider": {"rider_id": 5}}"#,
                                  ImportOptions(className: "Trip"))
        #expect(run.diagnostics.isEmpty, "\(run.diagnostics)")
        #expect(try harness.value("Trip", .int(1), "startStationId") == .int(72))
        #expect(try harness.value("Trip", .int(1), "bikeId") == .string("b9"))
        #expect(try harness.value("Trip", .int(1), "tags") == .list([.string("x")]))
        #expect(try harness.objects("Rider").count == 1)
        #expect(try harness.dump().contains("Pier"))
    }

    @Test func importReadsThePropertyNameToo() throws {
        let harness = try ImportHarness(Self.schema)
        let run = try harness.run(#"{"tripId": 2, "startStationId": 73, "start": {"name": "Dock"}}"#, ImportOptions(className: "Trip"))
        #expect(run.diagnostics.isEmpty, "\(run.diagnostics)")
        #expect(try harness.value("Trip", .int(2), "startStationId") == .int(73))
        #expect(try harness.dump().contains("Dock"))
    }

    @Test func bothNamesInOneObjectIsAnError() throws {
        let harness = try ImportHarness(Self.schema)
        let document = #"{"trip id": 3, "startStationId": 1, "start station id": 2}"#
        let run = try harness.run(document, ImportOptions(className: "Trip"))
        #expect(run.messages == ["Property 'Trip.startStationId' is given twice, as 'start station id' (its stored name, mapTo) "
            + "and as 'startStationId'; give one of them"])
        #expect(run.locations == ["1:\(column(of: #""start station id""#, in: document))"])
        #expect(try harness.objects("Trip").isEmpty)
        let nested = try harness.run(#"{"trip id": 4, "start station id": 2, "start": {"name": "a", "place_name": "b"}}"#,
                                     ImportOptions(className: "Trip"))
        #expect(nested.messages.count == 1)
        #expect(nested.errors.first?.notes.last == "at JSON path /start/place_name")
    }

    @Test func aMissingValueNamesTheField() throws {
        let harness = try ImportHarness(Self.schema)
        let run = try harness.run(#"{"trip id": 5}"#, ImportOptions(className: "Trip"))
        #expect(run.messages == ["Missing value for property 'Trip.startStationId'"])
        #expect(run.errors.first?.notes.first == "its field is 'start station id' (the stored name, mapTo) or 'startStationId'")
    }

    /// A key that names a property but for letter case, by its stored name or its property
    /// name, is unknown with a did-you-mean naming the stored name; any other key is unknown
    /// without one (docs/realm-import.md).
    @Test func aKeyDifferingInCaseGetsTheStoredName() throws {
        let harness = try ImportHarness(Self.schema)
        let document = #"{"trip id": 8, "start station id": 1, "BikeID": "b", "StartStationId": 2, "#
            + #""start": {"place_name": "Pier", "Place_Name": "Quay"}, "colour": "red"}"#
        let run = try harness.run(document, ImportOptions(className: "Trip"))
        #expect(run.errors.isEmpty, "\(run.diagnostics)")
        #expect(run.warnings.map(\.message) == [
            "Unknown property 'Place_Name' for type 'Place': the key is ignored; did you mean 'place_name'?",
            "Unknown property 'BikeID' for type 'Trip': the key is ignored; did you mean 'bikeid'?",
            "Unknown property 'StartStationId' for type 'Trip': the key is ignored; did you mean 'start station id'?",
            "Unknown property 'colour' for type 'Trip': the key is ignored",
        ])
        #expect(try harness.value("Trip", .int(8), "bikeId") == .null)
        let rejected = try ImportHarness(Self.schema).run(document, ImportOptions(className: "Trip", rejectUnknown: true))
        #expect(rejected.messages == [
            "Unknown property 'Place_Name' for type 'Place' (--reject-unknown); did you mean 'place_name'?",
            "Unknown property 'BikeID' for type 'Trip' (--reject-unknown); did you mean 'bikeid'?",
            "Unknown property 'StartStationId' for type 'Trip' (--reject-unknown); did you mean 'start station id'?",
            "Unknown property 'colour' for type 'Trip' (--reject-unknown)",
        ])
        #expect(rejected.locations.dropFirst().first == "1:\(column(of: #""BikeID""#, in: document))")
    }

    /// BSON keys go through the same check.
    @Test func aBSONKeyDifferingInCaseGetsTheStoredName() throws {
        let bytes = try PyMongoBSON.bytes("[{'trip id': 9, 'start station id': 1, 'Tag_List': ['x']}]")
        let run = try ImportHarness(Self.schema).run(bytes: bytes, ImportOptions(className: "Trip", rejectUnknown: true),
                                                     name: "trips.bson")
        #expect(run.messages == ["Unknown property 'Tag_List' for type 'Trip' (--reject-unknown); did you mean 'tag_list'?"],
                "\(run.diagnostics)")
    }

    @Test func errorsPointAtTheKeyGiven() throws {
        let harness = try ImportHarness(Self.schema)
        let document = #"{"trip id": 6, "start station id": "x", "tag_list": [1]}"#
        let run = try harness.run(document, ImportOptions(className: "Trip"))
        #expect(run.errors.map { $0.notes.last ?? "" } == ["at JSON path /start station id", "at JSON path /tag_list/0"])
        #expect(run.locations.first == "1:\(column(of: #""x""#, in: document))")
    }

    @Test func exportWritesTheStoredNameAndReadsBack() throws {
        let harness = try ImportHarness(Self.schema)
        let run = try harness.run(#"{"tripId": 7, "startStationId": 74, "bikeId": null, "tags": ["a", "b"], "#
                                  + #""start": {"name": "Quay"}, "rider": {"riderId": 9}}"#, ImportOptions(className: "Trip"))
        #expect(run.diagnostics.isEmpty, "\(run.diagnostics)")
        let exported = try ExportFixtures.export(try harness.open, ExportOptions())
        #expect(exported.contains(#""trip id""#) && exported.contains(#""start station id""#) && exported.contains(#""place_name""#))
        #expect(!exported.contains(#""startStationId""#) && !exported.contains(#""name""#))
        let copy = try ImportHarness(Self.schema)
        let again = try copy.run(exported)
        #expect(again.diagnostics.isEmpty, "\(again.diagnostics)")
        #expect(try copy.dump() == harness.dump())
        #expect(try ExportFixtures.export(try copy.open, ExportOptions()) == exported)
    }
}
