;;; e2e.el --- drive pureyaml through Eglot with editors/emacs/pureyaml.el, in a batch Emacs  -*- lexical-binding: t; -*-
;;
;; Usage (pureyaml on PATH; yaml-mode and Eglot installed: Emacs 29+ has Eglot, Debian 12's Emacs 28 gets
;; it from elpa-eglot, yaml-mode from elpa-yaml-mode):
;;   E2E_FILE=/tmp/t.yaml E2E_RESULT=/tmp/r.json emacs --batch -l editors/emacs/test/e2e.el
;;
;; Loads pureyaml.el as a user's init file would, opens E2E_FILE, waits for Eglot to connect and for the
;; server's diagnostics, asks for hover on the first alias (`*NAME`), goes to its definition with
;; `xref-find-definitions`, saves (format on save), shuts the server down and writes what it saw to
;; E2E_RESULT as JSON. It only observes; Tests/EndToEndTests/EmacsEndToEndTests.swift asserts on it.

(require 'package)
(package-initialize)
(require 'json)
(require 'yaml-mode)
(require 'eglot)
(require 'xref)
(require 'lisp-mnt)
(require 'find-func)
(load-file (expand-file-name "../pureyaml.el" (file-name-directory load-file-name)))

(defvar e2e-result nil "What the run saw, an alist written as JSON.")

(defun e2e-note (key value)
  "Record VALUE under KEY."
  (setq e2e-result (cons (cons key value) (assq-delete-all key e2e-result))))

(defun e2e-wait (predicate seconds)
  "Run the event loop until PREDICATE returns non-nil or SECONDS pass; return its last value."
  (let ((deadline (+ (float-time) seconds)))
    (while (and (not (funcall predicate)) (< (float-time) deadline))
      (accept-process-output nil 0.05))
    (funcall predicate)))

(defun e2e-write ()
  "Write the result file."
  (with-temp-file (getenv "E2E_RESULT")
    (insert (json-encode e2e-result))))

(defun e2e-run (file)
  "The steps, on FILE."
  (find-file file)
  (e2e-note 'emacs_version emacs-version)
  (e2e-note 'eglot_version (or (ignore-errors (lm-version (find-library-name "eglot"))) ""))
  (e2e-note 'major_mode (symbol-name major-mode))
  (run-hooks 'post-command-hook)        ; eglot-ensure connects from post-command-hook
  (unless (e2e-wait #'eglot-managed-p 20) (error "Eglot did not connect"))
  (let ((server (eglot-current-server)))
    (e2e-note 'command (process-command (jsonrpc--process server)))
    (e2e-note 'server_name (plist-get (eglot--server-info server) :name))
    ;; Diagnostics: Flymake shows what the server published.
    (e2e-wait #'flymake-diagnostics 10)
    (e2e-note 'diagnostics
              (vconcat (mapcar (lambda (d)
                                 `((line . ,(line-number-at-pos (flymake-diagnostic-beg d)))
                                   (type . ,(symbol-name (flymake-diagnostic-type d)))
                                   (text . ,(flymake-diagnostic-text d))))
                               (flymake-diagnostics))))
    ;; Hover and go to definition on the first alias.
    (goto-char (point-min))
    (when (re-search-forward "\\*[A-Za-z0-9_-]+" nil t)
      (goto-char (1+ (match-beginning 0)))
      (let ((hover (jsonrpc-request server :textDocument/hover (eglot--TextDocumentPositionParams))))
        (e2e-note 'hover (let ((contents (plist-get hover :contents)))
                           (if (stringp contents) contents (or (plist-get contents :value) "")))))
      (let ((xref-prompt-for-identifier nil))
        (call-interactively #'xref-find-definitions))
      (e2e-note 'line_after_definition (line-number-at-pos)))
    ;; Format on save.
    (set-buffer-modified-p t)
    (save-buffer)
    (e2e-note 'saved (with-temp-buffer (insert-file-contents-literally file) (buffer-string)))
    (eglot-shutdown server)
    (e2e-note 'server_running_after_shutdown (and (process-live-p (jsonrpc--process server)) t))
    (e2e-note 'done t)))

(condition-case err
    (e2e-run (or (getenv "E2E_FILE") (error "Set E2E_FILE")))
  (error (e2e-note 'error (error-message-string err))))
(e2e-write)
(kill-emacs 0)

;;; e2e.el ends here
