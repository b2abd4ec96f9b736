@testable import RealmEngine
import Testing

/// `FieldsByPosition(inputs:)` starts from an array another owner keeps (the importer's
/// prepared inputs): changing the fields leaves that array as it was.
@Suite struct FieldsByPositionTests {
    @Test func fieldsMadeFromInputsLeaveTheOriginalArrayAsItWas() {
        let prepared: [InputValue?] = [.value(.int(1)), nil, .value(.int(3))]
        var fields = FieldsByPosition(inputs: prepared)
        fields[1] = .value(.int(2))
        fields[2] = nil
        #expect(prepared[1] == nil)
        #expect(prepared[2] != nil)
        #expect(fields.inputs.count == 3)
        #expect(fields[0] != nil && fields[1] != nil && fields[2] == nil)
    }
}
