import XCTest
import YAMLSchema

/// `markdownDescription` from a schema is sanitized before any hover or completion shows it (issue 23).
final class SchemaMarkdownTests: XCTestCase {
    func testCommandLinksImagesAndHTMLAreRemoved() {
        let cases: [(String, String)] = [
            ("Run [this](command:workbench.action.terminal.new) now", "Run this now"),
            ("[x]( COMMAND:evil )", "x"),
            ("See [docs](https://example.com/a_(b)) and [m](mailto:a@b.c)", "See [docs](https://example.com/a_(b)) and [m](mailto:a@b.c)"),
            ("[local](#section)", "[local](#section)"),
            ("![tracker](https://evil.example/pixel.png) text", "tracker text"),
            ("[![img](https://x/y.png)](command:x)", "img"),
            ("[a][r]\n[r]: command:evil\n", "[a][r]\n"),
            ("[a][r]\n[r]: https://ok.example\n", "[a][r]\n[r]: https://ok.example\n"),
            ("![a][r] x", "a x"),
            ("<a href=\"command:x\">click</a> <img src=x>", "&lt;a href=\"command:x\">click&lt;/a> &lt;img src=x>"),
            ("<https://example.com> and <command:x>", "<https://example.com> and &lt;command:x>"),
            ("`[x](command:y)` and `<b>`", "`[x](command:y)` and `<b>`"),
            ("```\n<img src=x>\n```", "```\n<img src=x>\n```"),
            ("a < b and [unclosed", "a < b and [unclosed"),
            ("[x](javascript:alert(1))", "x"),
        ]
        for (input, expected) in cases {
            XCTAssertEqual(SchemaMarkdown.sanitized(input), expected, input)
        }
    }

    func testHoverOfASchemaShowsTheSanitizedMarkdown() throws {
        let schema = try JSONSchema(jsonText: Array(#"{"properties": {"a": {"markdownDescription": "Click [here](command:evil) ![i](https://x/i.png)"}}}"#.utf8),
                                    resolver: { _ in nil })
        let info = schema.locationInfo(at: [.property("a")], in: nil)
        // The schema keeps the https image for whoever shows it; the model drops it unless the user allows
        // images (HoverImagesTests).
        XCTAssertEqual(info.markdownDescriptions, ["Click here ![i](https://x/i.png)"])
    }

    func testHTTPSImagesAreKeptOnlyWhenAllowed() {
        let cases: [(input: String, allowed: String, refused: String)] = [
            ("![logo](https://x.example/i.png \"Logo\") text", "![logo](https://x.example/i.png \"Logo\") text", "logo text"),
            ("![a](<https://x.example/i.png>)", "![a](<https://x.example/i.png>)", "a"),
            ("![a](http://x.example/i.png)", "a", "a"),
            ("![a](file:///etc/shadow)", "a", "a"),
            ("![a](data:image/png;base64,AAAA)", "a", "a"),
            ("![a](command:workbench.action.terminal.new)", "a", "a"),
            ("![a](i.png)", "a", "a"),
            ("[![b](https://x.example/b.png)](command:evil)", "![b](https://x.example/b.png)", "b"),
            ("[![b](https://x.example/b.png)](https://site.example)", "[![b](https://x.example/b.png)](https://site.example)",
             "[b](https://site.example)"),
            ("![<img src=x>](https://x.example/i.png)", "![&lt;img src=x>](https://x.example/i.png)", "&lt;img src=x>"),
            ("Run [this](command:x) <img src=https://x.example/i.png>", "Run this &lt;img src=https://x.example/i.png>",
             "Run this &lt;img src=https://x.example/i.png>"),
        ]
        for c in cases {
            XCTAssertEqual(SchemaMarkdown.sanitized(c.input, allowImages: true), c.allowed, c.input)
            XCTAssertEqual(SchemaMarkdown.sanitized(c.input, allowImages: false), c.refused, c.input)
            // What a schema keeps (images allowed), shown to a user who did not allow them, loses its images.
            XCTAssertEqual(SchemaMarkdown.sanitized(SchemaMarkdown.sanitized(c.input, allowImages: true), allowImages: false), c.refused, c.input)
        }
    }
}
