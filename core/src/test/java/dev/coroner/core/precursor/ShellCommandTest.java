package dev.coroner.core.precursor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The simple commands a shell command runs, as the grammar's command lookups read them, over the shapes real runs
 * write (Claude Code {@code Bash} in ../shared/corpus, Codex {@code exec_command} and {@code shell} in corpus-codex):
 * each row is a command and its simple commands, {@code ‖} between them and {@code ·} between words, or REFUSED.
 */
class ShellCommandTest {
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '¦', quoteCharacter = '\u0000', textBlock = """
            cat src/main.py                                             ¦ cat·src/main.py
            sed -n '1,220p' internal/syncer/syncer.go                   ¦ sed·-n·1,220p·internal/syncer/syncer.go
            nl -ba internal/gitproto/smarthttp.go | sed -n '1,80p'      ¦ nl·-ba·internal/gitproto/smarthttp.go ‖ sed·-n·1,80p
            sed -n '1,140p' a.go && sed -n '1,280p' docs/b.md           ¦ sed·-n·1,140p·a.go ‖ sed·-n·1,280p·docs/b.md
            rg -n "func planConfig|planConfig\\(" internal -g'*.go'     ¦ rg·-n·func planConfig|planConfig\\(·internal·-g*.go
            cd /Users/x/repo && cat README.md                           ¦ cat·README.md
            cd "/tmp/my dir" && head -50 a.txt                          ¦ head·-50·a.txt
            V6="$GOPATH/pkg/mod/v6" && cat "$V6/plumbing/storer.go"     ¦ cat·$V6/plumbing/storer.go
            GIT_CONFIG_GLOBAL=/dev/null go test ./... 2>&1 | tail -20   ¦ go·test·./... ‖ tail·-20
            env GOCACHE=/tmp/go-build go test ./internal/syncer         ¦ go·test·./internal/syncer
            bash -lc 'cat foo.py'                                       ¦ cat·foo.py
            bash -lc "cd /repo && sed -n '1,40p' x.rs"                  ¦ sed·-n·1,40p·x.rs
            zsh -lc 'rg -n TODO src | head -20'                         ¦ rg·-n·TODO·src ‖ head·-20
            sh -c 'cat "a'\\''b"'                                     ¦ cat·a'b
            cat a.txt 2>/dev/null                                       ¦ cat·a.txt
            cat a.txt > /dev/null                                       ¦ cat·a.txt
            cat a b; tail -n 5 c                                        ¦ cat·a·b ‖ tail·-n·5·c
            catalog list                                                ¦ catalog·list
            head -n 3 < input.txt                                       ¦ head·-n·3
            ls # list it                                                ¦ ls
            cd /repo                                                    ¦
            cat > /tmp/urlcheck.go <<'EOF'                              ¦ REFUSED
            cat a > b                                                   ¦ REFUSED
            cat a >> b                                                  ¦ REFUSED
            sed -n '1,120p' $(go env GOPATH)/pkg/mod/x.go               ¦ REFUSED
            grep -R x `pwd`                                             ¦ REFUSED
            (cd a && cat b)                                             ¦ REFUSED
            diff <(cat a) <(cat b)                                      ¦ REFUSED
            python - <<'PY'                                             ¦ REFUSED
            cat 'unclosed                                               ¦ REFUSED
            bash -lc 'cat a' extra                                      ¦ REFUSED
            bash -lc "echo \\"$(whoami)\\""                             ¦ REFUSED
            """)
    void aCommandIsReadAsTheSimpleCommandsItRuns(String command, String expected) {
        List<List<String>> parts = ShellCommand.simpleCommands(command);
        if (expected != null && expected.equals("REFUSED")) {
            assertNull(parts);
            return;
        }
        List<List<String>> want = expected == null ? List.of() : Arrays.stream(expected.split(" ‖ "))
                .map(p -> List.of(p.split("·"))).toList();
        assertEquals(want, parts);
    }
}
