;;; pureyaml.el --- PureYAML with Eglot (Emacs 29+, or Emacs 28 with Eglot from GNU ELPA)  -*- lexical-binding: t; -*-

;; Copy into your init file. yaml-ts-mode is built into Emacs 29+ (it needs the tree-sitter YAML
;; grammar: M-x treesit-install-language-grammar RET yaml); yaml-mode comes from MELPA/NonGNU ELPA.

(with-eval-after-load 'eglot
  ;; Eglot uses the first matching entry, so this one wins over the default yaml-language-server.
  (add-to-list 'eglot-server-programs
               '((yaml-mode yaml-ts-mode) . ("pureyaml" "lsp"))))

;; Start Eglot in YAML buffers.
(add-hook 'yaml-mode-hook #'eglot-ensure)
(add-hook 'yaml-ts-mode-hook #'eglot-ensure)

;; Settings: answered for workspace/configuration and sent with workspace/didChangeConfiguration.
;; Keys are the server's (pureyaml.*, and yaml-language-server's yaml.format.* / yaml.schemas).
(setq-default eglot-workspace-configuration
              '(:pureyaml (:format (:indentWidth 2 :sequenceIndent "preserve" :maxBlankLines 1)
                           :maxItemsComputed 5000)))

;; Eglot sends the buffer's `tab-width' as the formatting request's tabSize, and the server indents by
;; it; Emacs defaults to 8. Use the YAML indentation instead.
(defun pureyaml-set-tab-width ()
  "Make `tab-width' the YAML indentation, 2 columns (`yaml-indent-offset' in `yaml-mode')."
  (setq-local tab-width (if (boundp 'yaml-indent-offset) yaml-indent-offset 2)))

(add-hook 'yaml-mode-hook #'pureyaml-set-tab-width)
(add-hook 'yaml-ts-mode-hook #'pureyaml-set-tab-width)

;; Format on save, only in YAML buffers that Eglot manages.
(defun pureyaml-format-before-save ()
  "Format the buffer with the language server when Eglot manages it."
  (when (and (fboundp 'eglot-managed-p) (eglot-managed-p))
    (eglot-format-buffer)))

(defun pureyaml-enable-format-on-save ()
  "Format this YAML buffer before every save."
  (add-hook 'before-save-hook #'pureyaml-format-before-save nil t))

(add-hook 'yaml-mode-hook #'pureyaml-enable-format-on-save)
(add-hook 'yaml-ts-mode-hook #'pureyaml-enable-format-on-save)

;; yamllint's configuration file is YAML too (yaml-mode and yaml-ts-mode only claim *.yml/*.yaml):
;; (add-to-list 'auto-mode-alist '("/\\.yamllint\\'" . yaml-mode))   ; or yaml-ts-mode

;;; pureyaml.el ends here
