//! Link settings of the server binary.

use std::path::Path;

fn main() {
    let var = |name: &str| std::env::var(name).unwrap_or_default();
    if var("CARGO_CFG_TARGET_OS") == "linux" && var("CARGO_CFG_TARGET_ENV") == "gnu" {
        // Relative relocations packed (DT_RELR, glibc 2.36 and later): the loader reads a few
        // kilobytes at start-up instead of a megabyte of relocation entries, which otherwise
        // stay resident for the life of the process.
        println!("cargo:rustc-link-arg-bins=-Wl,-z,pack-relative-relocs");
        // The functions the server runs at start-up, then those of a writer's session and a small
        // load, laid out together at the front of its code (scripts/startup-order.py writes the
        // list): the kernel maps code in 64 KB around each page touched, so spread over the whole
        // binary they kept most of it resident in an idle server. Release builds only, with the
        // linker Rust uses on x86_64 Linux (LLD); names the linker no longer finds are skipped.
        let order = Path::new(&var("CARGO_MANIFEST_DIR")).join("startup.order");
        if var("PROFILE") == "release" && var("CARGO_CFG_TARGET_ARCH") == "x86_64" && order.exists() {
            println!("cargo:rustc-link-arg-bins=-Wl,--symbol-ordering-file={}", order.display());
            println!("cargo:rustc-link-arg-bins=-Wl,--no-warn-symbol-ordering");
        }
    }
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=startup.order");
}
