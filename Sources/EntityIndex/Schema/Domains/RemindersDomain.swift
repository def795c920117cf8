extension SchemaDomain {
    /// How urgent a reminder is.
    public static let reminderPriority = ValueKind.enumeration(name: "priority", cases: ["none", "low", "medium", "high"])

    /// Reminder lists and the reminders (tasks, to-dos) in them.
    public static let reminders = SchemaDomain(name: "reminders", types: [
        EntitySchema("reminders.list", summary: "a list of reminders",
                     title: "title", image: .systemName("list.bullet"), spokenNames: ["list", "reminder list"], properties: [
                         PropertySchema("title", .string, required: true, searchable: .title),
                     ]),
        EntitySchema("reminders.reminder", summary: "a task to do, by a date or not",
                     title: "title", subtitle: ["dueDate"], image: .systemName("checklist"),
                     spokenNames: ["reminder", "task", "todo", "to-do", "to do"], scheduled: true,
                     properties: [
                         PropertySchema("title", .string, required: true, searchable: .title),
                         PropertySchema("notes", .string),
                         PropertySchema("dueDate", .date),
                         PropertySchema("list", .reference("reminders.list"), words: .cues("in", "on", "off the", "off my")),
                         PropertySchema("priority", reminderPriority, searchable: .keywords,
                                        words: PropertyWords(names: ["priority"])),
                         PropertySchema("location", .oneOf([.place, .string]), words: .cues("at")),
                         PropertySchema("recurrence", .recurrence),
                         PropertySchema("isCompleted", .bool,
                                        words: PropertyWords(whenTrue: ["done", "completed", "complete", "finished", "finish", "ticked off", "tick off",
                                                                        "checked off", "check off", "crossed off", "cross off"],
                                                             whenFalse: ["open", "pending", "incomplete", "unfinished", "outstanding",
                                                                       "still to do", "left to do", "still left", "still need", "still have to do", "still got to do",
                                                                       "still due"])),
                     ]),
    ])
}
