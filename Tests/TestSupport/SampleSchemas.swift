/// Schema texts that tests in several targets share.
public enum SampleSchemas {
    /// People who own dogs, both with primary keys: the smallest input that can give one object
    /// twice (two people naming the same dog).
    public static let peopleWithDogs = """
        models:
          Person:
            primaryKey: name
            properties:
              name: string
              dogs: Dog[]
          Dog:
            primaryKey: id
            properties:
              id: int
        """
}
