;;; eglot-smoke.el --- check pureyaml.el in a batch Emacs  -*- lexical-binding: t; -*-
;;
;; Usage (pureyaml on PATH, yaml-mode and Eglot installed):
;;   PUREYAML_FILE=/tmp/t.yml emacs --batch -l editors/emacs/test/eglot-smoke.el
;; Opens the file, waits for Eglot to connect, prints the server's diagnostics (line and message), saves
;; (format on save), prints the saved text and shuts the server down. It changes the file.

(require 'package)
(package-initialize)
(require 'yaml-mode)
(require 'eglot)
(load-file (expand-file-name "../pureyaml.el" (file-name-directory load-file-name)))

(defun eglot-smoke-wait (predicate seconds)
  "Run the event loop until PREDICATE returns non-nil or SECONDS pass; return its last value."
  (let ((deadline (+ (float-time) seconds)))
    (while (and (not (funcall predicate)) (< (float-time) deadline))
      (accept-process-output nil 0.05))
    (funcall predicate)))

(let ((file (or (getenv "PUREYAML_FILE") (error "Set PUREYAML_FILE"))))
  (find-file file)
  (run-hooks 'post-command-hook)        ; eglot-ensure connects from post-command-hook
  (unless (eglot-smoke-wait #'eglot-managed-p 15) (error "Eglot did not connect"))
  (eglot-smoke-wait #'flymake-diagnostics 5)
  (dolist (d (flymake-diagnostics))
    (message "diagnostic: line %d: %s" (line-number-at-pos (flymake-diagnostic-beg d)) (flymake-diagnostic-text d)))
  (set-buffer-modified-p t)
  (save-buffer)
  (message "saved:\n%s" (with-temp-buffer (insert-file-contents file) (buffer-string)))
  (eglot-shutdown (eglot-current-server)))

;;; eglot-smoke.el ends here
