//! The list of types whose TypeScript bindings the UI imports.

use std::io;
use std::path::Path;
use ts_rs::TS;

/// Replaces every `.ts` file in `dir` with fresh bindings of the bridge's types (and the
/// types they use); returns the file names written, sorted. Old files are removed first
/// so a type that disappeared from Rust disappears from the UI too.
pub fn export_all(dir: &Path) -> io::Result<Vec<String>> {
    std::fs::create_dir_all(dir)?;
    for entry in std::fs::read_dir(dir)? {
        let path = entry?.path();
        if path.extension().is_some_and(|ext| ext == "ts") {
            std::fs::remove_file(path)?;
        }
    }
    let export = |result: Result<(), ts_rs::ExportError>| {
        result.map_err(|error| io::Error::other(error.to_string()))
    };
    export(crate::AppError::export_all_to(dir))?;
    export(crate::app::AppStatus::export_all_to(dir))?;
    export(crate::app::SetAsideFileArgs::export_all_to(dir))?;
    export(crate::settings::Settings::export_all_to(dir))?;
    export(crate::save_slot::SaveStatus::export_all_to(dir))?;
    export(crate::timego::TimeGoView::export_all_to(dir))?;
    export(crate::timego::NewGameArgs::export_all_to(dir))?;
    export(crate::timego::ApplyArgs::export_all_to(dir))?;
    export(crate::timego::ReviewArgs::export_all_to(dir))?;
    export(crate::timego::ArrivalsArgs::export_all_to(dir))?;
    export(crate::timego::PreviewArgs::export_all_to(dir))?;
    export(crate::timego::GroupArgs::export_all_to(dir))?;
    export(canon_engine::go::Chain::export_all_to(dir))?;
    export(crate::timego::ImportArgs::export_all_to(dir))?;
    export(crate::timego::ConfirmArgs::export_all_to(dir))?;
    export(crate::timego::ArrivalOption::export_all_to(dir))?;
    export(crate::timego::TimePreview::export_all_to(dir))?;
    export(crate::timego::OpponentSettings::export_all_to(dir))?;
    export(crate::timego::LevelInfo::export_all_to(dir))?;
    export(crate::timego::ComputerMoveArgs::export_all_to(dir))?;
    export(crate::timego::ComputerOutcome::export_all_to(dir))?;
    export(crate::tutorial::TutorialOverview::export_all_to(dir))?;
    export(crate::tutorial::TutorialLesson::export_all_to(dir))?;
    export(crate::tutorial::LessonArgs::export_all_to(dir))?;
    export(crate::tutorial::TutorialActionArgs::export_all_to(dir))?;
    let mut names: Vec<String> = std::fs::read_dir(dir)?
        .map(|entry| entry.map(|entry| entry.file_name().to_string_lossy().into_owned()))
        .collect::<io::Result<_>>()?;
    names.sort();
    Ok(names)
}
