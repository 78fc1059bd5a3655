//! The browser client's pure modules (its room state, its links, its import graph) have
//! unit tests of their own, run by Node's test runner (`node --test web/test/`): this runs
//! them as part of the one test command. Without Node they fail under CI and are skipped,
//! saying so, elsewhere (`crate::required`).

use std::path::Path;
use std::process::Command;

#[test]
fn the_web_clients_unit_tests_pass() {
    let web = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../web");
    let node = std::env::var("NODE").unwrap_or_else(|_| "node".into());
    let output = match Command::new(&node)
        .arg("--test")
        .arg("test/")
        .current_dir(&web)
        .output()
    {
        Ok(output) => output,
        Err(e) => {
            crate::required::missing(
                crate::required::Group::Node,
                &format!("Node.js does not run ({node}: {e})"),
            );
            return;
        }
    };
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        output.status.success(),
        "node --test web/test failed:\n{stdout}\n{stderr}"
    );
    // The runner's summary: some tests ran, none failed.
    let count = |key: &str| {
        stdout
            .lines()
            .find_map(|l| l.trim_start_matches(['#', ' ']).strip_prefix(key))
            .and_then(|n| n.trim().parse::<u32>().ok())
    };
    assert!(
        count("pass").is_some_and(|n| n > 0),
        "no test ran:\n{stdout}"
    );
    assert_eq!(count("fail"), Some(0), "{stdout}");
}
