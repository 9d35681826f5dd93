package dev.coroner.app;

import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/** docs/ARCHITECTURE.md, "Modules": the app's packages (cli, launch, report, ui) depend on each other one way only. */
class LayeringTest {
    @Test
    void appPackagesAreFreeOfCycles() {
        JavaClasses app = new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("dev.coroner.app");
        slices().matching("dev.coroner.app.(*)..").should().beFreeOfCycles().check(app);
    }
}
