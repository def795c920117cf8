extension SchemaRegistry {
    /// Validates a batch before anything is written: the entities with nulls
    /// dropped, or an error naming the first bad entity, its property and what was expected.
    /// - Parameter describe: how to name an entity's place in the batch ("entity 3 of the batch").
    func validatedBatch(_ entities: [Entity], describe: (Int) -> String) throws -> [Entity] {
        try entities.enumerated().map { offset, entity in
            do {
                return try validated(entity)
            } catch {
                throw EntityIndexError(.invalidEntity, "\(describe(offset)) (\(entity.identifier)): \(error); nothing was applied",
                                       entity: entity.identifier, property: (error as? SchemaViolation)?.property)
            }
        }
    }
}
