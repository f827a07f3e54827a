import os
import shutil
import lit.formats

config.name = "hipport"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".cu", ".cuh", ".test", ".hip", ".txt", ".cmake"]
config.excludes = ["Inputs", "CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py", "unit"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.hipport_obj_root, "test")

config.environment["PATH"] = os.pathsep.join(
    [config.hipport_tools_dir, config.llvm_tools_dir, config.environment.get("PATH", os.environ["PATH"])])
config.environment["HIPPORT_RULES_DIR"] = os.path.join(config.hipport_src_root, "rules")
config.environment["NO_COLOR"] = "1"
# One precompiled CUDA prelude for the whole suite, never the user's cache.
config.environment["HIPPORT_CACHE_DIR"] = os.path.join(config.hipport_obj_root, "test", "hipport-cache")
config.substitutions.append(("%src_root", config.hipport_src_root))
config.substitutions.append(("%obj_root", config.hipport_obj_root))
config.substitutions.append(("%examples", os.path.join(config.hipport_src_root, "examples")))
config.substitutions.append(("%inputs", os.path.join(config.test_source_root, "Inputs")))
config.substitutions.append(("%python", "python3"))

# Optional toolchains are features; a test that needs one says REQUIRES: hipcc.
if shutil.which("hipcc"):
    config.available_features.add("hipcc")
if os.path.exists("/usr/local/cuda/include/cuda_runtime.h"):
    config.available_features.add("cuda")
if shutil.which("nvcc") or os.path.exists("/usr/local/cuda/bin/nvcc"):
    config.available_features.add("nvcc")
if shutil.which("chromium"):
    config.available_features.add("chromium")
if shutil.which("dpkg-deb") and shutil.which("cpack"):
    config.available_features.add("cpack-deb")
