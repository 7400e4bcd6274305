//! Link settings of the server binary.

fn main() {
    let target_os = std::env::var("CARGO_CFG_TARGET_OS").unwrap_or_default();
    let target_env = std::env::var("CARGO_CFG_TARGET_ENV").unwrap_or_default();
    if target_os == "linux" && target_env == "gnu" {
        // Relative relocations packed (DT_RELR, glibc 2.36 and later): the loader reads a few
        // kilobytes at start-up instead of a megabyte of relocation entries, which otherwise
        // stay resident for the life of the process.
        println!("cargo:rustc-link-arg-bins=-Wl,-z,pack-relative-relocs");
    }
}
