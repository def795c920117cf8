@main struct PlaceholderBench { static func main() {} }
