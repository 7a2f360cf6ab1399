fn main() -> std::process::ExitCode {
    baza::cli::main()
}
