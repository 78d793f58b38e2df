//! Zed extension for PureYAML: starts `pureyaml lsp` for YAML files and passes the user's
//! `lsp.pureyaml` settings on. All YAML work happens in the server.

use zed_extension_api::{self as zed, serde_json, settings::LspSettings, LanguageServerId, Result};

struct PureYamlExtension;

/// The user's `lsp.<id>` settings for this worktree, if any.
fn user_settings(language_server_id: &LanguageServerId, worktree: &zed::Worktree) -> Option<LspSettings> {
    LspSettings::for_worktree(language_server_id.as_ref(), worktree).ok()
}

impl zed::Extension for PureYamlExtension {
    fn new() -> Self {
        PureYamlExtension
    }

    /// `lsp.pureyaml.binary` when set, else `pureyaml lsp` from the worktree's PATH.
    fn language_server_command(
        &mut self,
        language_server_id: &LanguageServerId,
        worktree: &zed::Worktree,
    ) -> Result<zed::Command> {
        let binary = user_settings(language_server_id, worktree).and_then(|settings| settings.binary);
        let configured_path = binary.as_ref().and_then(|b| b.path.clone());
        let command = match configured_path {
            Some(path) => path,
            None => worktree.which("pureyaml").ok_or_else(|| {
                "pureyaml was not found on PATH: install it, or set lsp.pureyaml.binary.path".to_string()
            })?,
        };
        let args = binary
            .and_then(|b| b.arguments)
            .unwrap_or_else(|| vec!["lsp".to_string()]);
        Ok(zed::Command {
            command,
            args,
            env: worktree.shell_env(),
        })
    }

    /// `lsp.pureyaml.initialization_options`, sent with `initialize`.
    fn language_server_initialization_options(
        &mut self,
        language_server_id: &LanguageServerId,
        worktree: &zed::Worktree,
    ) -> Result<Option<serde_json::Value>> {
        Ok(user_settings(language_server_id, worktree).and_then(|settings| settings.initialization_options))
    }

    /// `lsp.pureyaml.settings`, the answer to `workspace/configuration`.
    fn language_server_workspace_configuration(
        &mut self,
        language_server_id: &LanguageServerId,
        worktree: &zed::Worktree,
    ) -> Result<Option<serde_json::Value>> {
        Ok(user_settings(language_server_id, worktree).and_then(|settings| settings.settings))
    }
}

zed::register_extension!(PureYamlExtension);
