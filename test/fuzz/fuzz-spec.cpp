// A validate kernel spec (--spec FILE) applied over derived specs: applied,
// or an error naming the file and the field.
#include "FuzzInput.h"
#include "Validate/KernelSpec.h"

using namespace hipport::validate;

static std::vector<KernelSpec> derived() {
  KernelSpec K;
  K.Name = K.QualifiedName = "saxpy";
  K.File = "/src/saxpy.cu";
  K.Relative = "saxpy.cu";
  Param X;
  X.Name = "x";
  X.Kind = ParamKind::Buffer;
  parseTypeName("float32", X.Type);
  X.Count = 256;
  Param N;
  N.Name = "n";
  parseTypeName("int32", N.Type);
  N.Value = "256";
  K.Params = {X, X, N};
  K.Params[1].Name = "y";
  K.Params[1].Output = true;
  KernelSpec T = K;
  T.Name = T.QualifiedName = "reduce<float>";
  return {K, T};
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  std::vector<KernelSpec> Specs = derived();
  if (llvm::Error E =
          applySpecFile(hipport::fuzz::inputFile(Data, Size), Specs)) {
    llvm::consumeError(std::move(E));
    return 0;
  }
  for (const KernelSpec &S : Specs) {
    (void)specToJson(S).dump();
    for (const Param &P : S.Params)
      if (P.Kind == ParamKind::Buffer)
        (void)bufferBytes(P);
  }
  return 0;
}
