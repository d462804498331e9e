import Foundation
import GLayersJSON
import Testing

@testable import GLayersScene

/// The JSON reader: values, positions, and every syntax error with its message and place.
@Suite struct JSONReaderTests {
    func parse(_ text: String) throws -> JSONValue { try JSONReader.parse(Data(text.utf8)) }

    /// The syntax error of `text` as "line:column: message".
    func syntaxError(_ text: String) -> String {
        do {
            _ = try parse(text)
            return "(parsed)"
        } catch let e as JSONSyntaxError {
            return e.description
        } catch {
            return "\(error)"
        }
    }

    /// Keys read again are found among those read before (`KeyTable`): the same keys, whatever
    /// their length (a key of 16 bytes is kept, one of 17 is not), escapes and non-ASCII
    /// bytes, and however many share a slot of the table.
    @Test func repeatedKeysReadTheSame() throws {
        var keys = (0..<600).map { "k\($0)" }
        keys += ["", "sixteen_bytes_ok", "seventeen_bytes_x", "tab\\tescape", "caf\u{E9}", "a", "A", "a\\u0000"]
        let object = keys.map { "\"\($0)\": 1" }.joined(separator: ", ")
        let text = "[{\(object)}, {\(object)}, {\(keys.reversed().map { "\"\($0)\": 2" }.joined(separator: ","))}]"
        let read = try #require(try parse(text).array)
        let expected = keys.map { try! #require(try parse("\"\($0)\"").string) }
        #expect(read[0].members?.map(\.key) == expected)
        #expect(read[1].members?.map(\.key) == expected)
        #expect(read[2].members?.map(\.key) == expected.reversed())
    }

    @Test func valuesAndPositions() throws {
        let v = try parse("{\n  \"a\": [1, -2.5e1, true, null],\n\t\"b\": \"x\"\n}")
        #expect(v.position == SourcePosition(line: 1, column: 1))
        let members = try #require(v.members)
        #expect(members.map(\.key) == ["a", "b"])
        #expect(members[0].keyPosition == SourcePosition(line: 2, column: 3))
        let a = try #require(members[0].value.array)
        #expect(a[0].number == 1 && a[1].number == -25 && a[2].bool == true && a[3].isNull)
        #expect(a[1].position == SourcePosition(line: 2, column: 12))
        #expect(members[1].value.string == "x")
        #expect(members[1].value.position == SourcePosition(line: 3, column: 7))
    }

    @Test func columnsCountCharactersNotBytes() throws {
        let v = try parse("[\"日本語\", 1]")
        #expect(v.array?[1].position == SourcePosition(line: 1, column: 9))
        #expect(v.array?[0].string == "日本語")
    }

    @Test func escapesAndSurrogatePairs() throws {
        let v = try parse(#"["a\"b\\c\/d\n\t", "\u00e9\ud83d\ude00"]"#)
        #expect(v.array?[0].string == "a\"b\\c/d\n\t")
        #expect(v.array?[1].string == "é😀")
    }

    /// Objects and arrays are closed on the tape at their closing bracket: each keeps its own
    /// members and elements, in order, however they nest.
    @Test func nestedContainersKeepTheirOwnElements() throws {
        let v = try parse(#"{"a": [1, [2, 3], {"b": [4]}, []], "c": {"d": 5, "e": [6, {}]}, "f": "g\u00e9h"}"#)
        #expect(v.members?.map(\.key) == ["a", "c", "f"] && v.members?[2].value.string == "géh")
        let a = try #require(v.members?[0].value.array)
        #expect(a.count == 4 && a[1].array?.compactMap(\.number) == [2, 3] && a[3].array?.isEmpty == true)
        #expect(a[2].members?.first?.value.array?.first?.number == 4)
        let c = try #require(v.members?[1].value.members)
        #expect(c.map(\.key) == ["d", "e"] && c[1].value.array?.count == 2)
        // A string of plain ASCII and one with escapes or other characters, positions after each.
        let strings = try parse(#"["plain", "esc\"aped", "é", 1]"#)
        #expect(strings.array?.compactMap(\.string) == ["plain", "esc\"aped", "é"])
        #expect(strings.array?[3].position == SourcePosition(line: 1, column: 29))
    }

    /// Values are read from the document's tape in place: `elements` and `members` walk
    /// past nested containers to the next element or member, counts are the containers' own,
    /// and other values have none.
    @Test func elementsAndMembersAreReadInPlace() throws {
        let v = try parse(#"{"a": [[1, [2]], {"b": {"c": [3]}}, 4, []], "d": {}, "e": [5]}"#)
        #expect(v.isObject && v.count == 3 && v.members?.map(\.key) == ["a", "d", "e"])
        let a = try #require(v["a"])
        #expect(a.isArray && a.count == 4 && a.elements.count == 4)
        #expect(Array(a.elements).map(\.count) == [2, 1, 0, 0])
        #expect(Array(a.elements)[2].number == 4 && Array(a.elements)[3].isArray)
        #expect(Array(a.elements)[1]["b"]?["c"]?.elements.first?.number == 3)
        #expect(v["d"]?.members?.isEmpty == true && v["e"]?.elements.first?.number == 5)
        #expect(v["missing"] == nil && a["a"] == nil && Array(a.elements)[2].elements.isEmpty)
        let seven = try parse("7"), string = try parse("\"x\"")
        #expect(seven.members == nil && string.count == 0)
    }

    /// Arrays of numbers are read from the tape in one pass: only arrays of numbers alone,
    /// within the count asked for; a point needs two at least.
    @Test func arraysOfNumbersAreReadInOnePass() throws {
        let v = try parse(#"[[1, 2.5, -3], [1, [2]], [1, true], [], [4], 7, [5, 6, 7, 8], [[1], 2]]"#)
        let items = Array(v.elements)
        #expect(items[0].numberElements(maximumCount: 3) == [1, 2.5, -3])
        #expect(items[0].numberElements(maximumCount: 2) == nil)
        #expect(items[1].numberElements(maximumCount: 9) == nil && items[2].numberElements(maximumCount: 9) == nil)
        #expect(items[3].numberElements(maximumCount: 9) == [] && items[5].numberElements(maximumCount: 9) == nil)
        #expect(items[0].numberPair(maximumCount: 4).map { [$0.0, $0.1] } == [1, 2.5])
        #expect(items[4].numberPair(maximumCount: 4) == nil && items[6].numberPair(maximumCount: 3) == nil)
        #expect(items[6].numberPair(maximumCount: 4).map { [$0.0, $0.1] } == [5, 6])
        #expect(items[1].numberPair(maximumCount: 4) == nil && items[7].numberPair(maximumCount: 4) == nil)
        // The first number of one to `maximumCount`: a scalar written as an array.
        #expect(items[4].firstNumber(maximumCount: 1) == 4 && items[0].firstNumber(maximumCount: 3) == 1)
        #expect(items[3].firstNumber(maximumCount: 9) == nil && items[5].firstNumber(maximumCount: 9) == nil)
        #expect(items[2].firstNumber(maximumCount: 9) == nil && items[6].firstNumber(maximumCount: 3) == nil)
    }

    /// Short keys are found in one pass, in file order, by their fingerprints: a null member
    /// counts as absent, a longer key sharing a short one's first bytes is not it, and a value
    /// that is not an object has none.
    @Test func shortKeysAreFoundInOnePass() throws {
        let v = try parse(#"{"i": 1, "t": 2, "tx": 3, "ti": null, "s": [4], "to": 5, "tox": 6}"#)
        var found: [String] = []
        v.forEachMember(among: JSONShortKeys(["t", "s", "to", "ti"])) { place, value in
            found.append("\(place)=\(value.number ?? value.firstNumber(maximumCount: 1) ?? -1)")
        }
        #expect(found == ["0=2.0", "1=4.0", "2=5.0"])
        var none = 0
        try parse("[1, 2]").forEachMember(among: JSONShortKeys(["t"])) { _, _ in none += 1 }
        #expect(none == 0)
    }

    /// Keys are told apart by their length and first three bytes, then by their text: keys
    /// alike in both are found apart, and read as themselves; a duplicate of a long key is one.
    @Test func keysAlikeInTheirFirstBytesAreTold() throws {
        let v = try parse(#"{"abcd": 1, "abce": 2, "abc": 3, "ab": 4, "layers_x": 5, "layers_y": 6}"#)
        #expect(v["abcd"]?.number == 1 && v["abce"]?.number == 2 && v["abc"]?.number == 3)
        #expect(v["ab"]?.number == 4 && v["layers_y"]?.number == 6 && v["abcf"] == nil && v["a"] == nil)
        #expect(v.members?.map(\.key) == ["abcd", "abce", "abc", "ab", "layers_x", "layers_y"])
        #expect(syntaxError(#"{"layers_x": 1, "layers_y": 2, "layers_x": 3}"#).contains("duplicate key \"layers_x\""))
        #expect(syntaxError(#"{"esc\u0061ped": 1, "escaped": 2}"#).contains("duplicate key \"escaped\""))
    }

    /// A value made in code from values of a read document holds copies of them: their values,
    /// strings, keys and positions, and containers nested in them.
    @Test func valuesMadeInCodeCopyTheirParts() throws {
        let read = try parse(#"{"list": [1, "two", {"three": [3]}], "name": "n"}"#)
        let list = try #require(read["list"])
        let made = JSONValue(
            .object([
                JSONMember(key: "copied", keyPosition: SourcePosition(line: 9, column: 9), value: list),
                JSONMember(
                    key: "flag", keyPosition: SourcePosition(line: 9, column: 20),
                    value: JSONValue(.bool(true), at: SourcePosition(line: 9, column: 28))),
            ]), at: SourcePosition(line: 9, column: 1))
        let copied = try #require(made["copied"])
        #expect(copied.position == list.position && copied.count == 3)
        let parts = Array(copied.elements)
        #expect(parts[1].string == "two" && parts[2]["three"]?.elements.first?.number == 3)
        #expect(made["flag"]?.bool == true && made.members?.map(\.keyPosition.column) == [9, 20])
        // A path to a value of the copy is found by position in the document it came from.
        #expect(read.path(to: parts[2])?.description == "list[2]")
    }

    /// A value's path is found from the top of its document by position: in objects and arrays,
    /// nested, first and last, across lines; the top is the empty path; a value of another
    /// document has none.
    @Test func pathToAValueIsFoundByPosition() throws {
        let v = try parse(
            """
            {"a": [1, [2, 3], {"b": [4]}, []],
             "c": {"d": 5, "e": [6, {}]}, "f": "g"}
            """)
        let a = try #require(v.members?[0].value.array)
        let c = try #require(v.members?[1].value.members)
        let cases: [(JSONValue, String)] = [
            (v, ""), (v.members![0].value, "a"), (a[0], "a[0]"), (try #require(a[1].array?[1]), "a[1][1]"),
            (try #require(a[2].members?[0].value.array?[0]), "a[2].b[0]"), (a[3], "a[3]"),
            (c[0].value, "c.d"), (try #require(c[1].value.array?[1]), "c.e[1]"), (v.members![2].value, "f"),
        ]
        for (value, path) in cases {
            #expect(v.path(to: value)?.description == path, "\(path)")
        }
        #expect(v.path(to: try parse("\n\n\n   7")) == nil, "a place past the document's values")
    }

    /// Punctuation, digits, words and whitespace move the column without testing each byte for a
    /// line break: positions after each kind of token, across each kind of line break (LF, CR
    /// alone, CRLF) and tabs.
    @Test func positionsAfterEveryKindOfToken() throws {
        let v = try parse("[1.5e+2,\ttrue,\r\rnull,\r\n\n  -0.25 , {\"k\":\t[]}]")
        let a = try #require(v.array)
        #expect(
            a.map(\.position)
                == [(1, 2), (1, 10), (3, 1), (5, 3), (5, 11)].map { SourcePosition(line: $0, column: $1) })
        let member = try #require(a[4].members?.first)
        #expect(member.keyPosition == SourcePosition(line: 5, column: 12))
        #expect(member.value.position == SourcePosition(line: 5, column: 17))
        #expect(
            syntaxError("[1.5e+2,\ttrue,\r\rnull,\r\n\n  -0.25 x]") == "5:9: expected ',' or ']' after array element")
    }

    @Test func byteOrderMarkAndCRLF() throws {
        let v = try JSONReader.parse(Data([0xEF, 0xBB, 0xBF] + Array("{\r\n\"k\": 1}".utf8)))
        #expect(v.members?.first?.keyPosition == SourcePosition(line: 2, column: 1))
    }

    @Test func objectErrors() {
        #expect(syntaxError("{\"a\": 1 \"b\": 2}") == "1:9: expected ',' or '}' after object member")
        #expect(syntaxError("{\"a\" 1}") == "1:6: expected ':' after object key \"a\"")
        #expect(syntaxError("{a: 1}") == "1:2: expected an object key in double quotes")
        #expect(syntaxError("{\"a\": 1,}") == "1:9: trailing comma before '}'")
        #expect(syntaxError("{\"a\": 1, \"a\": 2}") == "1:10: duplicate key \"a\" (first at 1:2)")
        // Large objects find duplicates by dictionary, small ones by scanning: both found, on either
        // side of 16 members, with the first's position.
        for count in [3, 15, 16, 17, 40] {
            let members = (0..<count).map { "\"k\($0)\": 0" }.joined(separator: ",")
            #expect(syntaxError("{\(members),\"k1\": 1}").contains("duplicate key \"k1\" (first at 1:"))
            #expect(syntaxError("{\(members),\"k\(count - 1)\": 1}").contains("duplicate key"))
        }
        #expect(syntaxError("{\"a\": 1") == "1:8: unexpected end of file; expected ',' or '}' after object member")
        // A key is quoted shortened, as paths quote it: a message stays bounded whatever the
        // file's keys (found by the scene fuzzer: a key of 2 400 bytes before a missing colon).
        let long = String(repeating: "k", count: 3000)
        #expect(
            syntaxError("{\"\(long)\" 1}")
                == "1:3005: expected ':' after object key \"\(String(repeating: "k", count: 48))…\"")
        #expect(syntaxError("{\"\(long)\": 1, \"\(long)\": 2}").utf8.count < 200)
    }

    @Test func arrayErrors() {
        #expect(syntaxError("[1 2]") == "1:4: expected ',' or ']' after array element")
        #expect(syntaxError("[1,]") == "1:4: trailing comma before ']'")
        #expect(syntaxError("[") == "1:2: unexpected end of file; expected a value")
    }

    @Test func valueErrors() {
        #expect(syntaxError("") == "1:1: the file is empty; expected a JSON value")
        #expect(syntaxError("[NaN]") == "1:2: NaN is not a JSON number")
        #expect(
            syntaxError("[Infinity]")
                == "1:2: Infinity is not a JSON number; write the string \"infinity\" where a key accepts it")
        #expect(syntaxError("[yes]") == "1:2: unexpected 'yes'; expected a value (strings need double quotes)")
        #expect(syntaxError("['a']") == "1:2: strings need double quotes (\"), not single quotes")
        #expect(syntaxError("// hi\n{}") == "1:1: comments are not allowed in JSON")
        #expect(syntaxError("{} {}") == "1:4: unexpected text after the JSON value")
    }

    @Test func numberErrors() {
        #expect(syntaxError("[01]") == "1:2: invalid number: leading zeros are not allowed")
        #expect(syntaxError("[1.]") == "1:4: invalid number: expected a digit after '.'")
        #expect(syntaxError("[1e]") == "1:4: invalid number: expected a digit in the exponent")
        #expect(syntaxError("[-]") == "1:3: invalid number: expected a digit")
        #expect(syntaxError("[+1]") == "1:2: invalid number: it must start with a digit or '-'")
        #expect(syntaxError("[1e999]") == "1:2: the number 1e999 is out of range")
    }

    @Test func stringErrors() {
        #expect(syntaxError("[\"abc") == "1:6: unterminated string (it starts at 1:2)")
        #expect(
            syntaxError("[\"a\nb\"]") == "1:4: a line break inside a string; write it as an escape (\\n, \\t, \\u00XX)")
        #expect(syntaxError(#"["\x"]"#) == "1:3: invalid escape '\\x' in string")
        #expect(syntaxError(#"["\u12"]"#) == "1:3: invalid \\u escape: expected four hexadecimal digits")
        #expect(
            syntaxError(#"["\ud800"]"#) == "1:3: invalid \\u escape: a high surrogate must be followed by a low one")
        #expect(syntaxError(#"["\udc00"]"#) == "1:3: invalid \\u escape: a lone low surrogate")
        let bad = try? JSONReader.parse(Data([0x5B, 0x22, 0xC3, 0x28, 0x22, 0x5D]))
        #expect(bad == nil)
        do {
            _ = try JSONReader.parse(Data([0x5B, 0x22, 0xFF, 0x22, 0x5D]))
        } catch let e as JSONSyntaxError {
            #expect(e.description == "1:3: invalid UTF-8 byte 0xFF")
        } catch {
            Issue.record("\(error)")
        }
    }

    @Test func errorsKnowTheirPath() {
        do {
            _ = try parse("{\"root\": {\"sublayers\": [{}, {\"a\": 1 2}]}}")
        } catch let e as JSONSyntaxError {
            #expect(e.path.description == "root.sublayers[1]")
            #expect(e.message == "expected ',' or '}' after object member")
        } catch {
            Issue.record("\(error)")
        }
    }

    /// The reader keeps paths only to explain an error (it reads a file with one again, keeping
    /// them): errors after many values, in arrays and as duplicate keys, name the path of the
    /// value being read.
    @Test func errorsAfterManyValuesKnowTheirPath() {
        let many = (0..<50).map { "{\"frame\": [\($0), 0, 1, 1], \"name\": \"n\($0)\"}" }.joined(separator: ", ")
        let cases = [
            ("{\"root\": {\"sublayers\": [\(many), {\"frame\": [1, 2, 3, ]}]}}", "root.sublayers[50].frame"),
            ("{\"root\": {\"sublayers\": [\(many), {\"opacity\": 1, \"opacity\": 2}]}}", "root.sublayers[50]"),
            ("{\"a\": [[1, 2], [3, [4, tru]]]}", "a[1][1][1]"),
        ]
        for (text, path) in cases {
            do {
                _ = try parse(text)
                Issue.record("parsed \(text)")
            } catch let e as JSONSyntaxError {
                #expect(e.path.description == path, "\(e)")
            } catch {
                Issue.record("\(error)")
            }
        }
    }

    @Test func nestingLimit() {
        let ok = String(repeating: "[", count: 256) + String(repeating: "]", count: 256)
        #expect((try? parse(ok)) != nil)
        let deep = String(repeating: "[", count: 257) + String(repeating: "]", count: 257)
        #expect(syntaxError(deep) == "1:257: arrays and objects are nested deeper than 256 levels")
        // A hostile file: a million brackets fail fast at the limit, without exhausting the stack.
        #expect(syntaxError(String(repeating: "{\"a\":", count: 1_000_000)).hasSuffix("nested deeper than 256 levels"))
    }

    @Test func sizeLimit() {
        let big = Data(count: JSONReader.maximumSize + 1)
        do {
            _ = try JSONReader.parse(big)
            Issue.record("parsed")
        } catch let e as JSONSyntaxError {
            #expect(e.message == "the file is 16777217 bytes; scenes are limited to 16777216 bytes (16 MiB)")
        } catch {
            Issue.record("\(error)")
        }
    }

    @Test func pathDescriptions() {
        let p = JSONPath().key("root").key("sublayers").index(2).key("animations").key("pulse").key("duration")
        #expect(p.description == "root.sublayers[2].animations.pulse.duration")
        #expect(JSONPath().key("keys").key("Page Up").index(0).description == "keys[\"Page Up\"][0]")
    }
}
