package dev.coroner.app.ui;

import dev.coroner.core.usage.PriceTable;
import dev.coroner.fixtures.DataFolder;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The person's prices file (docs/COST.md, "Prices"), which the window reads over the bundled prices when it starts:
 * written before a test class's windows start, removed after them, so the other window tests run at the bundled prices.
 */
final class UserPrices {
    private UserPrices() {
    }

    /** Writes {@code toml} as the prices file of this run's data folder; its path. */
    static Path write(String toml) throws IOException {
        Path file = PriceTable.userFile(DataFolder.current());
        Files.createDirectories(file.getParent());
        Files.writeString(file, toml);
        return file;
    }

    static void remove() throws IOException {
        Files.deleteIfExists(PriceTable.userFile(DataFolder.current()));
    }
}
