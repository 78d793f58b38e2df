/// A text whose blocks have trailing comments and commented-out entries indented under them (as helm
/// values files do), shared by the outline and folding tests.
enum CommentedBlocks {
    static let text = """
        resources: {}  # none by default
          # limits:
          #   cpu: 100m

          #   memory: 128Mi
        # about the next key
        jobs:
          build:
            script: make
            # - make test
          # deploy:
          #   script: ./deploy
        steps:
        - run: a
          # - run: b
        - run: c
        # end
        next: [1,
          2]  # flow
          # the entry's
        extraArgs: []
        # - --verbose
        template: {}
        #   description: |
        #     line
        #
        #   title: x
        # about the next key
        last: 1

        """
}
