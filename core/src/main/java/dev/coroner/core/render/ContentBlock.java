package dev.coroner.core.render;

/**
 * One block of a record's {@code message.content}, ready to show (docs/VERDICTS.md, "Reading"). Long texts are cut with
 * {@link CutJson#cut}; the raw view and "save record" keep the whole.
 */
public sealed interface ContentBlock {
    /** A {@code text} block, or string content. */
    record Text(String text) implements ContentBlock {
    }

    /** A {@code thinking} block. */
    record Thinking(String text) implements ContentBlock {
    }

    /** A {@code tool_use} call: its id, tool and input as pretty JSON. */
    record ToolUse(String id, String name, String input) implements ContentBlock {
    }

    /** A {@code tool_result}: the id of the call it answers, whether {@code is_error} is true, its text. */
    record ToolResult(String toolUseId, boolean error, String text) implements ContentBlock {
    }

    /**
     * An {@code image} block. {@code base64} is null when the image is too large to show.
     *
     * @param base64Chars the size of the encoded data
     */
    record Image(String mediaType, String base64, long base64Chars) implements ContentBlock {
    }

    /**
     * A call that runs a shell command (Codex's {@code exec_command}, {@code shell}, {@code local_shell}): the command as
     * a program, the directory it runs in ("" when not given) and the call's arguments as pretty JSON.
     */
    record Command(String id, String name, String command, String workdir, String input) implements ContentBlock {
    }

    /** An {@code apply_patch} call: the patch text as the call gives it ({@code *** Begin Patch} …). */
    record Patch(String id, String patch) implements ContentBlock {
    }

    /** A Codex call's output: the id of the call it answers, the exit code it states (null when none), its text. */
    record Output(String callId, Integer exitCode, String text) implements ContentBlock {
    }

    /** Any other block type, kept as it is (docs/VERDICTS.md, "Reading": unknown kinds are never dropped). */
    record Other(String type, String json) implements ContentBlock {
    }
}
